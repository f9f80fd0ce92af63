/// One endpoint's request, checked and tokenised at load.
struct RequestDescriptor: Sendable {
    struct Header: Sendable {
        let name: String
        let value: Template
    }

    enum Authentication: Sendable {
        /// The provider the `WebService` was made with, if any.
        case service
        /// None, even if the service has a provider (`auth` = `none`).
        case none
        /// The provider registered under the descriptor's `auth` name.
        case provider(any AuthenticationProvider)
    }

    enum ResponseDecoding: Sendable {
        /// `Response` is `Data`: the body as received.
        case raw
        /// `Response` is `NoContent`: the body is not read.
        case ignored
        /// `Response` is the registered model; the serializer decodes it.
        case serialized(any Serializer)
    }

    /// The descriptor's retry settings; attempts count the first one.
    struct Retry: Sendable, Equatable {
        let attempts: Int
        let idempotentOnly: Bool
    }

    let name: String
    let argumentCount: Int
    /// The endpoint's `Response` type, so a call with a differently typed `Endpoint` is refused.
    let responseType: ObjectIdentifier
    let method: HTTPMethod
    let url: URLTemplate
    let headers: [Header]
    let bodyArgument: Int?
    let serializer: any Serializer
    /// nil: the service's deadline.
    let timeout: Duration?
    let retry: Retry?
    /// nil: the service's default for the kind of call.
    let maximumResponseBytes: Int64?
    let authentication: Authentication
    let responseDecoding: ResponseDecoding
}
