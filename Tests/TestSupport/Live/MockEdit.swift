import Foundation

/// A change to one file of a copy of `mocks/`: the mock tier's way of saying what a sandbox fault
/// says over the socket.
public enum MockEdit: Sendable {
    /// Replaces every occurrence of a text in a file (`home_timeline.json`).
    case replace(file: String, String, with: String)
    /// Writes a file whole: an answer that is not JSON, or a new variant.
    case write(file: String, String)
    /// Copies one file over another: a variant that answers as the success file does.
    case copy(from: String, to: String)
    case remove(file: String)

    /// The endpoint's `@expired` variant answers as its success file, with 200: a server that
    /// accepts a token it never issued.
    public static func acceptsDeadTokens(_ mock: String) -> [MockEdit] {
        [.remove(file: "\(mock)@expired.json"), .copy(from: "\(mock).json", to: "\(mock)@expired.200.json")]
    }

    /// The endpoint's `@logout` variant answers as its success file: a server whose second login
    /// leaves the first token alive.
    public static func keepsRevokedTokens(_ mock: String) -> [MockEdit] {
        [.copy(from: "\(mock).json", to: "\(mock)@logout.json")]
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
    }

    /// A copy of `source` with `edits` made; the caller removes it.
    public static func copy(of source: URL, with edits: [MockEdit]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder("apicheck-mocks")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: source, to: folder.url)
        for edit in edits { try edit.apply(in: folder.url) }
        return folder
    }

    func apply(in folder: URL) throws {
        switch self {
        case let .replace(file, text, replacement):
            let url = folder.appendingPathComponent(file)
            let original = try String(contentsOf: url, encoding: .utf8)
            // An edit that changes nothing would make a scenario pass for the wrong reason.
            guard original.contains(text) else { throw NotFound(description: "\(file) holds no \(text.debugDescription)") }
            try Data(original.replacingOccurrences(of: text, with: replacement).utf8).write(to: url)
        case let .write(file, text):
            try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        case let .copy(source, destination):
            try Data(contentsOf: folder.appendingPathComponent(source)).write(to: folder.appendingPathComponent(destination))
        case let .remove(file):
            try FileManager.default.removeItem(at: folder.appendingPathComponent(file))
        }
    }
}
