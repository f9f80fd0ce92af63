// Network's API speaks the transport's types (`HTTPTransport`, `HTTPHeaders`, `ProgressHandler`,
// `ResponseBodySink`…), so importing Network brings them, as a copier of both would expect.
@_exported import Transport
