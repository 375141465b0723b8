import APICheck
import Foundation
import Synchronization

/// The bytes each mock file is served with. Read through `MockDirectory` at start; afterwards a
/// file edited on disk (its size, time or inode changed) is read again on the next request that
/// wants it. An edit that is broken (not JSON; for a success mock, not decoding into the
/// endpoint's type) is logged once and the last good body kept.
final class MockBodies: Sendable {
    struct Body: Sendable {
        var data: Data
        var document: JSONValue
        /// The answers built from `data`; a body read again starts a fresh set.
        var answers = PreparedAnswers()
    }

    private struct Entry {
        var body: Body?
        var stamp: FileStamp?
    }

    private let mocks: MockDirectory
    private let redactor: Redactor
    private let log: (@Sendable (String) -> Void)?
    private let entries: [MockFileName: Slot]

    private final class Slot: Sendable {
        let path: String
        let entry: Mutex<Entry>
        init(path: String, _ entry: Entry) {
            self.path = path
            self.entry = Mutex(entry)
        }
    }

    init(mocks: MockDirectory, log: (@Sendable (String) -> Void)?) {
        self.mocks = mocks
        self.log = log
        redactor = mocks.api.makeRedactor()
        var entries: [MockFileName: Slot] = [:]
        for file in mocks.files {
            var entry = Entry()
            let endpoint = mocks.api.endpoints.first { $0.mock == file.mock }
            let document = endpoint.map { mocks.document(of: file, answering: $0) } ?? mocks.document(of: file)
            if case let .success(data) = mocks.data(of: file), case let .success(document) = document {
                entry.body = Body(data: data, document: document)
                entry.stamp = FileStamp(path: mocks.path(of: file))
            }
            entries[file] = Slot(path: mocks.path(of: file), entry)
        }
        self.entries = entries
    }

    /// The body to serve now; nil when the file never had a good one.
    func body(of file: MockFileName, endpoint: AnyEndpoint) -> Body? {
        guard let slot = entries[file] else { return nil }
        let path = slot.path
        let stamp = FileStamp(path: path)
        return slot.entry.withLock { entry in
            guard stamp != entry.stamp else { return entry.body }
            entry.stamp = stamp
            switch reload(file, path: path, endpoint: endpoint) {
            case let .success(body):
                entry.body = body
                log?("mock \(file) changed on disk: serving the new body")
            case let .failure(reason):
                log?("mock \(file) changed on disk but \(reason); serving the last good body")
            }
            return entry.body
        }
    }

    private func reload(_ file: MockFileName, path: String, endpoint: AnyEndpoint) -> Result<Body, ReloadFailure> {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: mocks.maxFileBytes + 1) ?? Data()
        } catch {
            return .failure(ReloadFailure("cannot be read (\(error.localizedDescription))"))
        }
        guard data.count <= mocks.maxFileBytes else { return .failure(ReloadFailure("is over the mock size cap")) }
        var document = JSONValue.null
        do throws(JSONParseError) {
            // An empty file is the empty body of an endpoint that answers nothing.
            if !(endpoint.acceptsEmptyBody && data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })) {
                document = try JSONParser.parse(data)
            }
        } catch {
            return .failure(ReloadFailure("is not JSON (\(error.description))"))
        }
        if file.scenario == nil {
            let interpretation = Interpretation(endpoint: endpoint, status: mocks.status(of: file), contentType: "application/json",
                                                body: data, document: document, source: path, api: mocks.api, redactor: redactor)
            if let error = interpretation.error { return .failure(ReloadFailure("does not decode (\(error))")) }
        }
        return .success(Body(data: data, document: document))
    }

    private struct ReloadFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// What tells an edited file apart without reading it: inode, size and modification time.
struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }
}
