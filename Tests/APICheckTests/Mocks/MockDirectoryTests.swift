import APICheck
import Contracts
import Foundation
import TestSupport
import Testing

/// The one reader of mocks/: each file read once whoever asks, sizes checked before reading,
/// variants and orphans named precisely.
@Suite struct MockDirectoryTests {
    let shipped = RepositoryPaths.mocks

    func copyOfMocks() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-mockdir-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: shipped, to: folder)
        return folder
    }

    var jsonFileCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: shipped.path)) ?? []).filter { $0.hasSuffix(".json") }.count
    }

    @Test func theAuditReadsEachFileOnceAndSharesItsReadsWithReplayAndDrift() async throws {
        let mocks = MockDirectory(shipped, api: Demo.api)
        #expect(mocks.readCount == 0)
        let report = MockAudit(mocks: mocks).run()
        #expect(report.allFindings == [])
        #expect(mocks.readCount == jsonFileCount)
        // Drift baselines, refusal codes and replay after the audit read nothing more.
        for endpoint in Demo.api.endpoints { _ = mocks.baseline(for: endpoint) }
        #expect(mocks.refusalCodes(of: Demo.login.erased) == [10002])
        let transport = MockTransport(mocks: mocks)
        let client = APIClient(api: Demo.api, transport: transport, session: Session(token: "2.00Token"))
        for _ in 0..<3 { _ = try await client.send(Demo.topics) }
        #expect(mocks.readCount == jsonFileCount)
    }

    @Test func concurrentChecksWantingTheSameFilesReadEachOnce() async {
        let mocks = MockDirectory(shipped, api: Demo.api)
        let endpoints = Demo.api.endpoints
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                let endpoint = endpoints[index % endpoints.count]
                group.addTask {
                    if index % 2 == 0 { _ = mocks.baseline(for: endpoint) } else { _ = mocks.data(of: mocks.file(of: endpoint)!) }
                }
            }
        }
        // A baseline reads the success mock and the named variants that may be successes too
        // (another branch of the payload), each once.
        let named = mocks.files.filter { file in
            guard let scenario = file.scenario else { return false }
            return ![ScenarioName.logout, ScenarioName.expired].contains(scenario) && (file.status.map { (200..<300).contains($0) } ?? true)
        }
        #expect(mocks.readCount == endpoints.count + named.count)
        guard case let .success(baseline) = mocks.baseline(for: Demo.homeTimeline.erased) else {
            Issue.record("no baseline for home_timeline")
            return
        }
        #expect(baseline.file == shipped.appendingPathComponent("home_timeline.json").path)
        #expect(!baseline.reads.isEmpty)
    }

    /// A 2 GiB file (sparse: no disk used) is refused from its size, before a byte is read; the
    /// audit goes on with every other endpoint.
    @Test func anOversizedMockIsOneFindingNamingItsSizeAndTheCap() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("topics.json")
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let mocks = MockDirectory(folder, api: Demo.api)
        let report = MockAudit(mocks: mocks).run()
        let found = report.allFindings
        #expect(found.count == 1, "\(found)")
        let finding = try #require(found.first)
        #expect(finding.kind == .mockTooLarge)
        #expect(finding.severity == .error)
        #expect(finding.endpoint == "topics.list")
        #expect(finding.file == file.path)
        #expect(finding.message.contains("2 GiB (2147483648 bytes)"))
        #expect(finding.message.contains("64 MiB cap"))
        #expect(report.results.count == 11)
        #expect(report.verdict == .violated)
        #expect(mocks.readCount == jsonFileCount - 1)
    }

    @Test func theCapIsConfigurable() throws {
        let mocks = MockDirectory(shipped, api: Demo.api, maxFileBytes: 200)
        let big = MockAudit(mocks: mocks).run().allFindings.filter { $0.kind == .mockTooLarge }
        #expect(big.contains { $0.file?.hasSuffix("/home_timeline.json") == true })
        #expect(big.allSatisfy { $0.message.contains("200 bytes cap") })
        // Replay of an oversized mock is a transport error saying so, not a read.
        guard case let .failure(error) = mocks.data(of: mocks.file("home_timeline")!) else {
            Issue.record("an oversized mock was read")
            return
        }
        #expect(
            error.reason
                == .tooLarge(
                    size: try #require(
                        try FileManager.default.attributesOfItem(
                            atPath: shipped.appendingPathComponent("home_timeline.json").path)[.size] as? Int), cap: 200))
    }

    @Test func aFolderNamedLikeAMockIsUnreadableNotAHang() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("topics.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("topics.json"), withIntermediateDirectories: false)
        let found = MockAudit(api: Demo.api, directory: folder).run().allFindings
        #expect(found.map(\.kind) == [.mockUnreadable])
        #expect(found.first?.message.contains("not a regular file") == true)
    }

    @Test(arguments: [
        (
            "topics@typo.json", "topics.list",
            "scenario 'typo' is not declared for topics.list (it declares 'bad_page'; "
                + "the standard ones are 'logout' and 'expired'); add it to the endpoint's scenarios: or rename the file"
        ),
        (
            "status_show@not_fund.json", "statuses.show",
            "scenario 'not_fund' is not declared for statuses.show "
                + "(it declares 'not_found'; the standard ones are 'logout' and 'expired'); did you mean 'not_found'?"
        ),
        (
            "home_timeline@expird.json", "statuses.homeTimeline",
            "scenario 'expird' is not declared for statuses.homeTimeline "
                + "(it declares none; the standard ones are 'logout' and 'expired'); did you mean 'expired'?"
        ),
    ])
    func aVariantOfAnUndeclaredScenarioIsReported(_ name: String, _ endpoint: String, _ message: String) throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A well-formed failure envelope: the only thing wrong is its scenario's name.
        try #"{"code": 20101, "msg": "gone", "datas": null}"#.write(
            to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        let found = MockAudit(api: Demo.api, directory: folder).run().allFindings
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.kind == .undeclaredScenario)
        #expect(found.first?.endpoint == endpoint)
        #expect(found.first?.message == message)
        #expect(found.first?.file == folder.appendingPathComponent(name).path)
    }

    /// An endpoint declared with `static let` but left out of `endpoints:` leaves its success mock
    /// and variants unused: one finding says which mock name no listed endpoint has.
    @Test func anEndpointLeftOutOfTheListIsOneOrphanFindingNamingItsMock() throws {
        var api = Demo.api
        api.endpoints.removeAll { $0.id == Demo.showUser.id }
        let report = MockAudit(api: api, directory: shipped).run()
        #expect(report.allFindings.count == 1, "\(report.allFindings)")
        let finding = try #require(report.runFindings.first)
        #expect(finding.kind == .orphanMock)
        #expect(finding.severity == .error)
        #expect(finding.file == shipped.appendingPathComponent("user_show.json").path)
        #expect(
            finding.message == "3 files (user_show.json, user_show@expired.json, user_show@logout.json) are not used by any "
                + "declared endpoint: no endpoint in the demo API's endpoints: list has mock: \"user_show\"; an Endpoint declared "
                + "with that mock but left out of the list would explain it")
    }

    @Test func aMisspeltMockNameIsPointedAtTheEndpointItProbablyBelongsTo() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("topics.json"), to: folder.appendingPathComponent("topic.json"))
        try "notes".write(to: folder.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        let report = MockAudit(api: Demo.api, directory: folder).run()
        #expect(report.allFindings.map(\.severity) == [.error, .error])
        #expect(report.verdict == .violated)
        let found = report.allFindings.map(\.message)
        #expect(
            found == [
                "README.txt is not a mock file (mocks are named <mock>[@<scenario>[.<status>]].json) and no declared endpoint uses it",
                "topic.json is not used by any declared endpoint: no endpoint in the demo API's endpoints: list has mock: \"topic\" "
                    + "(did you mean \"topics\" of topics.list?)",
            ])
    }

    @Test func replayingAnEndpointLeftOutOfTheListSaysSo() async throws {
        var api = Demo.api
        api.endpoints.removeAll { $0.id == Demo.showUser.id }
        let client = APIClient(api: api, transport: MockTransport(directory: shipped, api: api), session: Session(token: "2.00Token"))
        let error = await #expect(throws: APIError.self) { _ = try await client.send(Demo.showUser, ["uid": 1]) }
        #expect(error?.reason.kind == .transport)
        #expect(error?.description.contains("endpoint 'users.show' is not in the demo API's endpoints: list") == true)
    }

    @Test func aMissingFolderIsOneFinding() {
        let report = MockAudit(api: Demo.api, directory: URL(fileURLWithPath: "/nonexistent/mocks")).run()
        #expect(report.allFindings.map(\.kind) == [.mocksFolder])
        #expect(report.allFindings.first?.message.hasPrefix("cannot read the mocks folder /nonexistent/mocks") == true)
    }

    /// `live` with an oversized mock: that endpoint's drift is a warning naming the file and the
    /// cap, every other endpoint is checked as usual, and requested paths are kept apart from
    /// the declared templates.
    @Test func aLiveRunWithAnOversizedMockGoesOn() async throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent("topics.json"))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let report = await LiveCheck(
            api: Demo.api, transport: MockTransport(directory: shipped, api: Demo.api),
            options: LiveOptions(
                baseURL: URL(string: "http://mock.invalid/Api/")!, mocksDirectory: folder,
                environment: ["APICHECK_ACCOUNT": "demo", "APICHECK_PASSWORD": "demo-password"], probes: false)
        ).run()
        #expect(report.allFindings.map { "\($0.severity) \($0.kind) \($0.endpoint ?? "-")" } == ["warning mock-too-large topics.list"])
        #expect(report.allFindings.first?.file == folder.appendingPathComponent("topics.json").path)
        #expect(report.endpointResults.count == 11)
        let show = try #require(report.results.first { $0.endpoint == "statuses.show" })
        #expect(show.path == "statuses/{id}")
        #expect(show.requestPath == "statuses/4130540976425200")
    }

    @Test func baselinesSayWhyTheyAreMissing() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "<html>".write(to: folder.appendingPathComponent("topics.json"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("config_main.json"))
        // An empty file is the body of an endpoint that answers nothing, as `mocks` reads it.
        try "\n".write(to: folder.appendingPathComponent("logout.json"), atomically: true, encoding: .utf8)
        let mocks = MockDirectory(folder, api: Demo.api, maxFileBytes: 1000)
        func failure(_ endpoint: some EndpointConvertible) -> MockBaselineError? {
            if case let .failure(error) = mocks.baseline(for: endpoint.erased) { return error }
            return nil
        }
        #expect(failure(Demo.topics)?.kind == .missingMock)
        #expect(failure(Demo.topics)?.message.hasPrefix("mock is not JSON: ") == true)
        #expect(failure(Demo.config)?.message == "no mock config_main.json to compare with")
        #expect(failure(Demo.homeTimeline)?.kind == .mockTooLarge)
        #expect(failure(Demo.homeTimeline)?.message.hasPrefix("mock home_timeline.json is ") == true)
        #expect(failure(Demo.login) == nil)
        #expect(failure(Demo.logout) == nil)
        if case let .success(baseline) = mocks.baseline(for: Demo.logout.erased) { #expect(baseline.shape == Shape(of: .null)) }
        // Asked again, nothing is read again.
        let reads = mocks.readCount
        _ = failure(Demo.topics)
        _ = failure(Demo.login)
        #expect(mocks.readCount == reads)
    }

    struct Item: Decodable, Sendable { let id: Int, name: String }
    struct IDOnly: Decodable, Sendable { let id: Int }

    /// Endpoints that share a mock file each get the baseline of their own decode type, from one
    /// read of the file, and the same one when they ask again.
    @Test func endpointsSharingAFileHaveBaselinesOfTheirOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apicheck-mockdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"code":200,"msg":"success","datas":{"id":1,"name":"x"}}"#.write(
            to: folder.appendingPathComponent("item.json"),
            atomically: true, encoding: .utf8)
        let whole = Endpoint<Item>(id: "item.whole", .get, "item", mock: "item").erased
        let id = Endpoint<IDOnly>(id: "item.id", .get, "item/id", mock: "item").erased
        let api = API(
            name: "shared", environments: ["local": URL(string: "http://127.0.0.1:8080/")!], envelope: EnvelopePolicy(),
            endpoints: [whole, id])
        let mocks = MockDirectory(folder, api: api)
        func reads(_ endpoint: AnyEndpoint) throws -> [String] {
            try mocks.baseline(for: endpoint).get().reads.map(\.path.description).sorted()
        }
        for _ in 0..<2 {
            let (wholeReads, idReads) = (try reads(whole), try reads(id))
            #expect(wholeReads == ["$.datas", "$.datas.id", "$.datas.name"])
            #expect(idReads == ["$.datas", "$.datas.id"])
        }
        #expect(mocks.readCount == 1)
    }

    @Test func twoFilesForOneVariantAreReported() throws {
        let folder = try copyOfMocks()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("login@wrong_password.json"),
            to: folder.appendingPathComponent("login@wrong_password.403.json"))
        let mocks = MockDirectory(folder, api: Demo.api)
        #expect(mocks.file("login@wrong_password")?.status == 403)
        let found = MockAudit(mocks: mocks).run().allFindings
        #expect(found.map(\.kind) == [.orphanMock])
        #expect(found.map(\.severity) == [.error])
        #expect(
            found.first?.message == "login@wrong_password.json is never replayed: login@wrong_password.403.json "
                + "answers the same variant login@wrong_password; keep one")
        #expect(found.first?.file == folder.appendingPathComponent("login@wrong_password.json").path)
    }
}
