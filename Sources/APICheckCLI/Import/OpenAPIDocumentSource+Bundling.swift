import APICheck
import Foundation
import YAMLReader

extension OpenAPIDocumentSource {
    /// The document read from `data`, with the documents its references name brought in
    /// (`ExternalReferences`): files beside a file, URLs fetched as the document was. A document
    /// fetched by URL refers to other URLs only: a server's document naming a file on this
    /// machine would copy it into the package.
    func parsed(_ data: Data, connection: ConnectionOptions, headers: [(name: String, value: String)]) async throws -> (
        document: JSONValue, notes: [ImportNote], unread: [String]
    ) {
        let given: JSONValue
        do {
            given = try ImportOpenAPICommand.read(data)
        } catch let error as YAMLError {
            throw CommandFailure("\(shown): \(error.description)")
        } catch {
            throw CommandFailure("\(shown): \(error)")
        }
        let base: URL
        switch self {
        case let .file(url): base = url
        case let .web(url): base = url
        }
        let fromWeb = documentURL != nil
        let bundled = await ExternalReferences.bundle(given, base: base) { url in
            if url.isFileURL {
                guard !fromWeb else { throw ReferenceRefused("a document fetched by URL may not name a file") }
                guard FileManager.default.fileExists(atPath: url.path) else { throw ReferenceRefused("no such file") }
                let data: Data
                do {
                    data = try Data(contentsOf: url)
                } catch {
                    throw ReferenceRefused((error as NSError).localizedDescription)
                }
                return try ImportOpenAPICommand.read(data)
            }
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw ReferenceRefused("only files and http(s) URLs are read")
            }
            let shown = URLDisplay.string(url, query: false)
            // The headers (a token) go only where the document came from.
            let sameOrigin = documentURL.map { $0.host == url.host && $0.port == url.port && $0.scheme == url.scheme } ?? false
            let data = try await Self.fetch(url, shown: shown, connection: connection, headers: sameOrigin ? headers : [])
            return try ImportOpenAPICommand.read(data)
        }
        return (bundled.document, bundled.notes, bundled.unread)
    }

    private struct ReferenceRefused: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
