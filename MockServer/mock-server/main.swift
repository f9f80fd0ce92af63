// mock-server: runs MockServerKit as a process. Filled in by the mock server issue.
print("usage: mock-server (not built yet: the mock server issue is open)")
