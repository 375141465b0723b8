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
        /// The first baseline made from the file, inline: nearly every file is one endpoint's,
        /// and a dictionary per file for one entry costs a hash table's room per file.
        var baseline: (key: String, made: Result<MockBaseline, MockBaselineError>)?
        /// Baselines for further endpoints that share the file.
        var moreBaselines: [String: Result<MockBaseline, MockBaselineError>] = [:]
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

    /// The baseline for `key`, made by `make` from the document (and the bytes it was parsed
    /// from) the first time it is asked.
    func baseline(
        _ key: String,
        _ make: (Result<JSONValue, MockReadError>, Result<Data, MockReadError>) -> Result<MockBaseline, MockBaselineError>
    ) -> Result<MockBaseline, MockBaselineError> {
        state.withLock { state in
            if let first = state.baseline, first.key == key { return first.made }
            if let made = state.moreBaselines[key] { return made }
            let document = loadDocument(&state)
            let made = make(document, loadData(&state))
            if state.baseline == nil {
                state.baseline = (key, made)
            } else {
                state.moreBaselines[key] = made
            }
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
        let data = load()
        state.data = data
        return data
    }

    /// One open, one `fstat` of what was opened, the reads, one close: nothing per file beyond
    /// what reading it takes (no path resolution, no owner lookup, except for a link, which must
    /// lead inside the mocks folder). Anything but a regular file
    /// is refused without reading a byte (a FIFO would block the read for ever; `O_NONBLOCK` keeps
    /// the open itself from blocking on one), and so is a file over the cap. The read stops one
    /// byte past the cap, in case the file grew after the stat.
    private func load() -> Result<Data, MockReadError> {
        func failure(_ reason: MockReadError.Reason) -> Result<Data, MockReadError> {
            .failure(MockReadError(file: path, reason: reason))
        }
        func systemError() -> MockReadError.Reason { .unreadable(String(cString: strerror(errno))) }
        var descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0, errno == ELOOP {
            // A link (the only kind that costs more): followed only while it stays inside the
            // mocks folder.
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(folder) else {
                return failure(.unreadable("a link to \(resolved), outside the mocks folder"))
            }
            descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return failure(systemError()) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return failure(systemError()) }
        guard info.st_mode & S_IFMT == S_IFREG else { return failure(.unreadable("not a regular file")) }
        let size = Int(info.st_size)
        if size > maxBytes { return failure(.tooLarge(size: size, cap: maxBytes)) }
        reads.withLock { $0 += 1 }
        // Room for one byte more than the stat said, so that the end of the file is seen
        // without a second buffer; grown only if the file grew.
        var data = Data(count: size + 1)
        var filled = 0
        while true {
            if filled == data.count {
                if data.count > maxBytes { break }
                data.count = min(2 * data.count, maxBytes + 1)
            }
            let got = data.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return failure(systemError())
            }
            if got == 0 { break }
            filled += got
        }
        if filled > maxBytes { return failure(.tooLarge(size: filled, cap: maxBytes)) }
        data.count = filled
        return .success(data)
    }
}
