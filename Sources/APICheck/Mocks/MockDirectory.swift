import Foundation
import Synchronization

/// The one reader of a mocks folder, behind the mock transport, the drift baseline, the audit and
/// the login's refusal codes: the folder is listed once, and each file is read and parsed at most
/// once, when first asked, whoever asks. Safe to share between concurrent live checks.
///
/// Files are capped (`maxFileBytes`, 64 MiB unless told): the size is checked before reading, so a
/// 2 GiB `topics.json` is a finding naming its size, not 4 GB of memory.
public final class MockDirectory: Sendable {
    public static let defaultMaxFileBytes = 64 << 20

    public let url: URL
    public let api: API
    public let maxFileBytes: Int
    /// The mocks `import-openapi` made from a schema, as it listed them.
    let madeUp: MadeUpMocks
    /// Why the folder could not be listed; nil when it was.
    public let listingError: String?
    /// Every entry of the folder, sorted, hidden ones left out: what orphans are looked for in.
    public let entryNames: [String]
    /// The mock files (`*.json`), sorted by file name.
    public let files: [MockFileName]
    /// Files that answer the same variant as another (`x@gone.json` beside `x@gone.410.json`),
    /// with the file that answers instead: never replayed, so reported.
    public let shadowed: [(file: MockFileName, by: MockFileName)]
    /// Each file's name in the folder, beside `files`: a name as written (`x@s.0200.json`) need
    /// not be the one its parts print.
    private let fileEntries: [String]
    /// The readers of the files asked for so far, by position in `files`. Made when first asked:
    /// a run of a few endpoints (a shard, `--only`) pays for its own files, not the folder's.
    private let opened = Mutex<[Int: MockFileSlot]>([:])
    private let resolvedFolder: String
    /// By mock name: its files in name order, so that an endpoint's files cost no scan of the folder.
    private let byMock: [String: [Int]]
    /// By `mock@scenario`: the file a request for that variant is answered with.
    private let variants: [String: MockFileName]
    /// Where in `api.endpoints` the first endpoint declaring each mock name is: looked up per
    /// file, as a scan of the endpoints per file grows with the square of the catalog. Positions,
    /// not endpoint copies, which would hold a second catalog.
    private let endpointByMock: [String: Int]
    private let prefix: String
    /// The files of `.headers/` (`MockHeaders`), by name.
    public let headerFileNames: Set<String>
    private let headerFiles = Mutex<[String: Result<[(name: String, value: String)], MockHeaders.Problem>]>([:])

    public init(_ url: URL, api: API, maxFileBytes: Int = MockDirectory.defaultMaxFileBytes) {
        self.url = url
        self.api = api
        self.maxFileBytes = maxFileBytes
        madeUp = MadeUpMocks(folder: url)
        let path = url.path
        prefix = path.hasSuffix("/") ? path : path + "/"
        var names: [String] = []
        var listingError: String?
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            listingError = "cannot read the mocks folder \(path): \(error.localizedDescription)"
        }
        self.listingError = listingError
        entryNames = names
        headerFileNames = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: prefix + MockHeaders.folder)) ?? []).filter { !$0.hasPrefix(".") })
        let resolvedFolder = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var files: [MockFileName] = [], fileEntries: [String] = [], variants: [String: MockFileName] = [:]
        files.reserveCapacity(names.count)
        fileEntries.reserveCapacity(names.count)
        variants.reserveCapacity(names.count)
        var shadowed: [(file: MockFileName, by: MockFileName)] = []
        var byMock: [String: [Int]] = [:]
        byMock.reserveCapacity(names.count)
        for name in names {
            guard let file = MockFileName(fileName: name) else { continue }
            byMock[file.mock, default: []].append(files.count)
            files.append(file)
            fileEntries.append(name)
            // The first in name order answers: `x@gone.410.json` sorts before `x@gone.json`.
            if let first = variants[file.variantName] {
                shadowed.append((file, first))
            } else {
                variants[file.variantName] = file
            }
        }
        self.shadowed = shadowed
        self.files = files
        self.fileEntries = fileEntries
        self.resolvedFolder = resolvedFolder
        self.variants = variants
        self.byMock = byMock
        var endpointByMock: [String: Int] = [:]
        endpointByMock.reserveCapacity(api.endpoints.count)
        for (index, endpoint) in api.endpoints.enumerated() where endpointByMock[endpoint.mock] == nil {
            endpointByMock[endpoint.mock] = index
        }
        self.endpointByMock = endpointByMock
    }

    /// The endpoint a mock file belongs to: the first that declares its mock name.
    public func endpoint(of file: MockFileName) -> AnyEndpoint? { endpointByMock[file.mock].map { api.endpoints[$0] } }

    /// Whether the folder exists and could be listed.
    public var exists: Bool { listingError == nil }

    /// The file answering `mock@scenario` (or `mock` for success), pinned status or not.
    public func file(_ variantName: String) -> MockFileName? { variants[variantName] }

    /// The success file of an endpoint, or a scenario variant of it.
    public func file(of endpoint: AnyEndpoint, scenario: ScenarioName? = nil) -> MockFileName? {
        variants[scenario.map { "\(endpoint.mock)@\($0)" } ?? endpoint.mock]
    }

    /// Every file of an endpoint: its success file and its variants.
    public func files(of endpoint: AnyEndpoint) -> [MockFileName] { (byMock[endpoint.mock] ?? []).map { files[$0] } }

    /// The file's full path, as findings and answers name it.
    public func path(of file: MockFileName) -> String { prefix + file.description }

    /// The path a file of that name would have (for findings about a file that is missing).
    public func path(named name: String) -> String { prefix + name }

    /// Where the file of headers of `file` is or would be (`MockHeaders`).
    public func headersPath(of file: MockFileName) -> String { prefix + MockHeaders.folder + "/" + file.description }

    /// The HTTP status a file is replayed with: pinned in its name, else the API's dead-token
    /// status for `expired`, else the endpoint's success status (200 unless it declares 201, 204).
    public func status(of file: MockFileName) -> Int {
        if file.status == nil, file.scenario == nil, let endpoint = endpoint(of: file) {
            return endpoint.successStatus
        }
        return file.status(expiredStatus: api.expiredStatus)
    }

    /// The file parsed, as `endpoint` answers it: an empty file is the empty body of an endpoint
    /// that answers nothing (a `NoContent` 204), or of a token variant told by its status alone
    /// (`API.isToldByStatus(_:of:)`), which reads as null; anywhere else an empty file is no JSON.
    public func document(of file: MockFileName, answering endpoint: AnyEndpoint) -> Result<JSONValue, MockReadError> {
        // A bytes endpoint's success mock is the bytes as they came, read as no document at all.
        if endpoint.answersBytes, file.scenario == nil, case .success = data(of: file) { return .success(.null) }
        let parsed = document(of: file)
        // So is what `record` kept of a download from an endpoint that takes bytes or JSON.
        if case .failure = parsed, holdsBytes(file, of: endpoint) { return .success(.null) }
        let mayBeEmpty = endpoint.acceptsEmptyBody || file.scenario.map { api.isToldByStatus($0, of: endpoint) } == true
        if case .failure = parsed, mayBeEmpty, case let .success(data) = data(of: file), MockDirectory.isBlank(data) {
            return .success(.null)
        }
        return parsed
    }

    /// Whether a file is bytes as `endpoint` answers it, replayed as they are: the success mock of
    /// a `BinaryBody` endpoint, or one holding no JSON of an endpoint that accepts bytes
    /// (`acceptingBytes()`: a download `record` kept as it came).
    public func holdsBytes(_ file: MockFileName, of endpoint: AnyEndpoint) -> Bool {
        guard file.scenario == nil, endpoint.answersBytes || endpoint.acceptsBytes else { return false }
        if endpoint.answersBytes { return true }
        guard case let .success(data) = data(of: file), !MockDirectory.isBlank(data), case .failure = document(of: file) else {
            return false
        }
        return true
    }

    /// Whether a body is empty or only whitespace.
    static func isBlank(_ data: Data) -> Bool { data.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 } }

    /// The file's bytes, read once.
    public func data(of file: MockFileName) -> Result<Data, MockReadError> {
        guard let slot = slot(file) else { return .failure(missing(file)) }
        return slot.data()
    }

    /// The file parsed, once.
    public func document(of file: MockFileName) -> Result<JSONValue, MockReadError> {
        guard let slot = slot(file) else { return .failure(missing(file)) }
        return slot.document()
    }

    /// The headers a file is answered with besides its body (`MockHeaders`): none without a file
    /// of headers. Each file is read once, as a mock file is (a regular file inside the folder,
    /// under its cap).
    public func headers(of file: MockFileName) -> Result<[(name: String, value: String)], MockHeaders.Problem> {
        guard !headerFileNames.isEmpty else { return .success([]) }
        let name = file.description
        guard headerFileNames.contains(name) else { return .success([]) }
        return headerFiles.withLock { read in
            if let known = read[name] { return known }
            let slot = MockFileSlot(
                name: file, path: headersPath(of: file), maxBytes: MockHeaders.maxFileBytes, folder: resolvedFolder)
            let made = slot.data()
                .mapError { error in
                    guard case let .tooLarge(size, cap) = error.reason else {
                        return MockHeaders.Problem(file: slot.path, path: nil, message: error.message)
                    }
                    return MockHeaders.Problem(
                        file: slot.path, path: nil, message: "\(size) bytes, over the \(cap >> 10) KiB a file of headers may hold")
                }
                .flatMap { MockHeaders.parse($0, file: slot.path) }
            read[name] = made
            return made
        }
    }

    /// Files read from disk so far, over the directory's life: each file counts at most once.
    public var readCount: Int { opened.withLock { $0.values.reduce(0) { $0 + $1.readCount } } }

    /// How many files have a reader yet: those asked for, not the folder's.
    var openedCount: Int { opened.withLock { $0.count } }

    func slot(_ file: MockFileName) -> MockFileSlot? {
        guard let position = byMock[file.mock]?.first(where: { files[$0] == file }) else { return nil }
        return opened.withLock { slots in
            if let slot = slots[position] { return slot }
            let slot = MockFileSlot(name: file, path: prefix + fileEntries[position], maxBytes: maxFileBytes, folder: resolvedFolder)
            slots[position] = slot
            return slot
        }
    }

    func missing(_ file: MockFileName) -> MockReadError {
        MockReadError(file: path(of: file), reason: .unreadable("no such mock file"))
    }
}
