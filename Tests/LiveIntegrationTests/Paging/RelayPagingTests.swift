import APICheck
import CurlClient
import Foundation
import RelayExample
import Synchronization
import TestSupport
import Testing

/// The Relay example's paged lists, an opaque token (`rooms.messages`: `end` → `from`) and
/// `Link` headers (`users.list`) here, offset and page number below, live against its backend on both tiers: in process through
/// the backend's handler, and over a socket through libcurl. A clean backend gives no finding; a
/// backend that repeats an item, or never ends, gives the finding that says so.
@Suite(.serialized) struct RelayPagingTests {
    static let lists: Set<String> = ["rooms.messages", "users.list"]

    func run(_ fault: RelayPagingFault?, overSocket: Bool, only lists: Set<String> = lists) async throws -> Report {
        let backend = try RelayBackend()
        defer { backend.stop() }
        backend.pagingFault.withLock { $0 = fault }
        let transport: any Transport = overSocket ? CurlTransport() : ClosureTransport { backend.answer($0) }
        return await RelayLiveTests.live(transport, backend.baseURL, probes: false, only: lists)
    }

    func paging(_ report: Report, _ endpoint: String) -> [String] {
        report.results.first { $0.name == "paging \(endpoint)" }?.findings.map(\.message) ?? ["no paging result"]
    }

    @Test(arguments: [false, true]) func aCleanBackendPagesToTheEndWithNoFinding(overSocket: Bool) async throws {
        let report = try await run(nil, overSocket: overSocket)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.pagingResults.map(\.name).sorted() == ["paging rooms.messages", "paging users.list"])
        #expect(report.pagingResults.allSatisfy { $0.passed && $0.status == 200 })
        // The last page read is the last one: the messages' third (one item, no `end`), the users' third.
        let urls = report.pagingResults.compactMap(\.request).map { request in
            request.url.map { piece in if case let .text(text) = piece { text } else { "$" } }.joined()
        }
        #expect(
            urls.sorted().map { $0.components(separatedBy: "/relay/").last ?? $0 } == [
                "rooms/%21lobby%3Arelay/messages?from=s72_4&limit=2", "users?page=3&per_page=2",
            ])
        #expect(report.verdict == .holds)
    }

    @Test(arguments: [false, true]) func anItemRepeatedAcrossPagesIsFound(overSocket: Bool) async throws {
        let report = try await run(.repeatedItem, overSocket: overSocket)
        #expect(paging(report, "rooms.messages") == [#"items come twice across the two pages: "$lobby-m2""#])
        #expect(paging(report, "users.list") == [#"items come twice across the two pages: "@grace:relay""#])
        let finding = report.allFindings.first { $0.endpoint == "rooms.messages" }
        #expect(finding?.kind == .paging)
        #expect(finding?.path == "$.chunk[*].event_id")
        #expect(report.verdict == .violated)
    }

    @Test(arguments: [false, true]) func aListThatNeverEndsIsFound(overSocket: Bool) async throws {
        let report = try await run(.endless, overSocket: overSocket)
        #expect(
            paging(report, "rooms.messages") == [
                #"an empty page still gives a next token ($.end "s72_6"): a client following it never ends"#
            ])
        // A token's fault sits at the token's JSONPath, a link's at the ids'.
        #expect(
            report.allFindings.filter { $0.kind == .paging }.map { "\($0.endpoint ?? "") \($0.path ?? "")" }.sorted()
                == ["rooms.messages $.end", "users.list $.users[*].user_id"])
        #expect(paging(report, "users.list").first?.hasPrefix("an empty page still links a next one (") == true)
        #expect(paging(report, "users.list").first?.hasSuffix("/relay/users?page=5&per_page=2): a client following it never ends") == true)
        #expect(report.verdict == .violated)
    }
}

/// The lists that end by a short or empty page: offset and limit (`rooms.public`), page numbers
/// (`server.notices`), on both tiers. Past the end, the endless backend answers the last full
/// page again: the items that come twice say so.
extension RelayPagingTests {
    static let windows: Set<String> = ["rooms.public", "server.notices"]

    func lastURLs(_ report: Report) -> [String] {
        report.pagingResults.compactMap(\.request).map { request in
            request.url.map { piece in if case let .text(text) = piece { text } else { "$" } }.joined()
        }.map { $0.components(separatedBy: "/relay/").last ?? $0 }.sorted()
    }

    @Test(arguments: [false, true]) func offsetAndPageNumberListsPageToAnEmptyPage(overSocket: Bool) async throws {
        let report = try await run(nil, overSocket: overSocket, only: Self.windows)
        #expect(report.allFindings.filter { $0.severity != .info }.map(\.message) == [])
        #expect(report.pagingResults.map(\.name).sorted() == ["paging rooms.public", "paging server.notices"])
        #expect(report.pagingResults.allSatisfy { $0.passed && $0.status == 200 })
        // Six rooms two at a time, four notices two at a time: the page read last is the empty one.
        #expect(lastURLs(report) == ["notices?page=3&per_page=2", "public_rooms?offset=6&limit=2"])
        #expect(report.verdict == .holds)
    }

    @Test(arguments: [false, true]) func anItemRepeatedAcrossWindowsOrPagesIsFound(overSocket: Bool) async throws {
        let report = try await run(.repeatedItem, overSocket: overSocket, only: Self.windows)
        #expect(paging(report, "rooms.public") == [#"items come twice across the two pages: "!help:relay""#])
        #expect(paging(report, "server.notices") == ["items come twice across the two pages: 102"])
        #expect(
            report.allFindings.filter { $0.kind == .paging }.map { "\($0.endpoint ?? "") \($0.path ?? "")" }.sorted()
                == ["rooms.public $.chunk[*].room_id", "server.notices $.notices[*].id"])
        #expect(report.verdict == .violated)
    }

    @Test(arguments: [false, true]) func aListWithNoEmptyPageIsFound(overSocket: Bool) async throws {
        let report = try await run(.endless, overSocket: overSocket, only: Self.windows)
        #expect(paging(report, "rooms.public") == [#"items come twice across the pages read: "!random:relay", "!releases:relay""#])
        #expect(paging(report, "server.notices") == ["items come twice across the pages read: 103, 104"])
        #expect(lastURLs(report) == ["notices?page=3&per_page=2", "public_rooms?offset=6&limit=2"])
        #expect(report.verdict == .violated)
    }

    /// New items past the end, for ever: nothing comes twice and no page is short, so only the
    /// page budget (`maxPages: 5`, `mustEnd`) stops the walk, at the fifth page, and says so.
    @Test(arguments: [false, true]) func aListOfNewItemsWithoutEndStopsAtItsPageBudget(overSocket: Bool) async throws {
        let report = try await run(.unending, overSocket: overSocket, only: Self.windows)
        let budget =
            "the list never ended within its page budget of 5 pages (maxPages): 10 items read, none twice, and page 5 still asks for another"
        #expect(paging(report, "rooms.public") == ["\(budget) (offset=10); a client following it may never end"])
        #expect(paging(report, "server.notices") == ["\(budget) (page=6); a client following it may never end"])
        #expect(lastURLs(report) == ["notices?page=5&per_page=2", "public_rooms?offset=8&limit=2"])
        #expect(report.verdict == .violated)
    }
}

extension RelayPagingTests {
    /// Counts the answers a run hands its observers.
    final class Answers: LiveRunObserver {
        let count = Mutex(0)
        func received(_ exchange: LiveExchange) { count.withLock { $0 += 1 } }
    }

    /// A paging step that reads several pages hands every answer to the run's observers, once.
    @Test func everyPageReachesTheObservers() async throws {
        let backend = try RelayBackend()
        defer { backend.stop() }
        let recorder = Recorder(ClosureTransport { backend.answer($0) })
        let answers = Answers()
        let report = await LiveCheck(
            api: Relay.api, transport: recorder,
            options: LiveOptions(
                baseURL: backend.baseURL, only: Self.lists, mocksDirectory: Relay.mocks, environment: Relay.credentials, probes: false),
            observers: [answers]
        ).run()
        #expect(report.verdict == .holds)
        // The login, two checks (each list's first page), the messages' pages 2 and 3, the
        // users' pages 2 and 3, and the logout that ends the run's session.
        #expect(recorder.exchanges.count == 8)
        #expect(answers.count.withLock { $0 } == recorder.exchanges.count)
    }
}
