import Foundation

/// A service plist, loaded and checked. Loading fails on the first problem, naming file, endpoint and key.
public struct ServiceCatalog: Sendable {
    /// For error messages.
    public let fileName: String
    private let descriptors: [String: RequestDescriptor]

    /// - Throws: `NetworkError.invalidDescriptor`.
    public init(
        contentsOf url: URL,
        endpoints: [any EndpointDeclaration],
        registry: DescriptorRegistry = DescriptorRegistry()
    ) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NetworkError.invalidDescriptor(
                DescriptorError(
                    file: url.lastPathComponent, endpoint: nil, key: nil, problem: "cannot be read: \(error)")
            )
        }
        try self.init(plist: data, fileName: url.lastPathComponent, endpoints: endpoints, registry: registry)
    }

    /// `plist` is XML or binary; `fileName` names it in errors.
    public init(
        plist: Data,
        fileName: String,
        endpoints: [any EndpointDeclaration],
        registry: DescriptorRegistry = DescriptorRegistry()
    ) throws {
        self.fileName = fileName
        do {
            descriptors = try Self.parse(plist, fileName: fileName, endpoints: endpoints, registry: registry)
        } catch let error {
            throw NetworkError.invalidDescriptor(error)
        }
    }

    public var endpointNames: [String] { descriptors.keys.sorted() }

    /// Throws unless `endpoint` was declared at load with the same shape.
    func descriptor<Response>(for endpoint: Endpoint<Response>) throws(NetworkError) -> RequestDescriptor {
        guard let descriptor = descriptors[endpoint.name], descriptor.argumentCount == endpoint.argumentCount,
            descriptor.responseType == ObjectIdentifier(Response.self)
        else {
            throw .invalidDescriptor(
                DescriptorError(
                    file: fileName,
                    endpoint: endpoint.name,
                    key: nil,
                    problem:
                        "this endpoint (\(endpoint.argumentCount) arguments, returning \(Response.self)) "
                        + "was not declared when the catalog was loaded"
                )
            )
        }
        return descriptor
    }

    private static func parse(
        _ plist: Data,
        fileName: String,
        endpoints: [any EndpointDeclaration],
        registry: DescriptorRegistry
    ) throws(DescriptorError) -> [String: RequestDescriptor] {
        let root: Any
        do {
            root = try PropertyListReader.object(from: plist)
        } catch {
            throw DescriptorError(file: fileName, endpoint: nil, key: nil, problem: "is not a property list")
        }
        guard let entries = root as? [String: Any] else {
            throw DescriptorError(
                file: fileName, endpoint: nil, key: nil, problem: "must be a dictionary of endpoints by name"
            )
        }
        var declared: [String: any EndpointDeclaration] = [:]
        for endpoint in endpoints {
            guard declared.updateValue(endpoint, forKey: endpoint.name) == nil else {
                throw DescriptorError(
                    file: fileName, endpoint: endpoint.name, key: nil, problem: "is declared twice"
                )
            }
        }
        var descriptors: [String: RequestDescriptor] = [:]
        for name in Set(entries.keys).union(declared.keys).sorted() {
            guard let endpoint = declared[name] else {
                throw DescriptorError(
                    file: fileName, endpoint: name, key: nil, problem: "has no Endpoint declared for it"
                )
            }
            guard let entry = entries[name] else {
                throw DescriptorError(file: fileName, endpoint: name, key: nil, problem: "has no descriptor")
            }
            let parser = DescriptorParser(file: fileName, endpoint: endpoint, registry: registry)
            descriptors[name] = try parser.parse(entry)
        }
        return descriptors
    }
}
