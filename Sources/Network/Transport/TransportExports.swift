// Network's API speaks the transport's types, so importing Network brings them.
@_exported import Transport
