import Foundation
import Synchronization

/// One mock file of a `MockDirectory` and what has been made of it so far: its bytes, its
/// document, the baselines worked out from it. Each is made once, under this file's own lock, so
/// concurrent live checks that want the same file wait for one read instead of doing two, and
/// checks that want other files do not wait at all.
final class MockFileSlot: Sendable {
    let name: MockFileName
    let path: String
    private let maxBytes: Int
    /// The mocks folder with its links resolved: a file whose links lead outside it is refused.
    private let folder: String
    private let reads: Mutex<Int>

    struct State {
        var data: Result<Data, MockReadError>?
        var document: Result<JSONValue, MockReadError>?
        var baselines: [String: Result<MockBaseline, MockBaselineError>] = [:]
    }

    private let state = Mutex(State())

    init(name: MockFileName, path: String, maxBytes: Int, folder: String) {
        self.name = name
        self.path = path
        self.maxBytes = maxBytes
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        reads = Mutex(0)
    }

    /// How many times the file was read from disk (0 or 1).
    var readCount: Int { reads.withLock { $0 } }

    func data() -> Result<Data, MockReadError> {
        state.withLock { loadData(&$0) }
    }

    func document() -> Result<JSONValue, MockReadError> {
        state.withLock { loadDocument(&$0) }
    }

    /// The baseline for `key`, made by `make` from the document the first time it is asked.
    func baseline(_ key: String, _ make: (Result<JSONValue, MockReadError>) -> Result<MockBaseline, MockBaselineError>)
        -> Result<MockBaseline, MockBaselineError> {
        state.withLock { state in
            if let made = state.baselines[key] { return made }
            let made = make(loadDocument(&state))
            state.baselines[key] = made
            return made
        }
    }

    private func loadDocument(_ state: inout State) -> Result<JSONValue, MockReadError> {
        if let document = state.document { return document }
        let document = loadData(&state).flatMap { data in
            do throws(JSONParseError) {
                return .success(try JSONParser.parse(data))
            } catch {
                return .failure(MockReadError(file: path, reason: .notJSON(error)))
            }
        }
        state.document = document
        return document
    }

    private func loadData(_ state: inout State) -> Result<Data, MockReadError> {
        if let data = state.data { return data }
        let data = read()
        state.data = data
        return data
    }

    /// Stats first: a file over the cap, anything but a regular file (a FIFO would block the read
    /// for ever), or a link that leads outside the mocks folder is refused without reading a byte. The read itself stops one byte past the
    /// cap, in case the file grew in between.
    private func read() -> Result<Data, MockReadError> {
        func failure(_ reason: MockReadError.Reason) -> Result<Data, MockReadError> {
            .failure(MockReadError(file: path, reason: reason))
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(folder) else {
            return failure(.unreadable("a link to \(resolved), outside the mocks folder"))
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: resolved)
        } catch {
            return failure(.unreadable(error.localizedDescription))
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            return failure(.unreadable("not a regular file"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        if size > maxBytes { return failure(.tooLarge(size: size, cap: maxBytes)) }
        guard let handle = FileHandle(forReadingAtPath: resolved) else {
            return failure(.unreadable("cannot open the file"))
        }
        defer { try? handle.close() }
        reads.withLock { $0 += 1 }
        do {
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            if data.count > maxBytes { return failure(.tooLarge(size: data.count, cap: maxBytes)) }
            return .success(data)
        } catch {
            return failure(.unreadable(error.localizedDescription))
        }
    }
}
