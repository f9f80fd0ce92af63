// MockServerKit: an HTTP/1.1 server of the Heroes API contract on POSIX sockets.
// Its types arrive with the mock server issue.
