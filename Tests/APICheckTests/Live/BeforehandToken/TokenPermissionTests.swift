@testable import APICheck
import Foundation
import Synchronization
import Testing

/// A Django REST framework server with token authentication answers 403 both to a key it does
/// not know (`Invalid token`) and to a known key that lacks a permission: a key of a user who may
/// read some objects only is no refused key, and a key the run deletes is a lost one.
@Suite struct TokenPermissionTests {
    struct Object: Decodable, Sendable { var id: String }

    static let admin = "0123456789abcdef0123456789abcdef01234567"
    static let reader = "fedcba9876543210fedcba9876543210fedcba98"

    /// `reader` may read `locations` only; `DELETE tokens/{id}` deletes the key it names.
    final class DRFServer: Transport, Sendable {
        let keys = Mutex(["t-admin": TokenPermissionTests.admin, "t-reader": TokenPermissionTests.reader])
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            func json(_ text: String, _ status: Int = 200) -> HTTPResponse {
                HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
            }
            guard let sent = request.header("Authorization") else {
                return json(#"{"detail": "Authentication credentials were not provided."}"#, 403)
            }
            let keys = self.keys.withLock { $0 }
            guard let user = keys.first(where: { "Token " + $0.value == sent })?.key else {
                return json(#"{"detail": "Invalid token"}"#, 403)
            }
            let path = request.url.path
            if user == "t-reader", !path.contains("/locations") {
                return json(#"{"detail": "You do not have permission to perform this action."}"#, 403)
            }
            if request.method == .delete, path.contains("/tokens/") {
                self.keys.withLock { _ = $0.removeValue(forKey: request.url.lastPathComponent) }
            }
            return json(#"{"id": "\#(request.url.lastPathComponent)"}"#)
        }
    }

    static func endpoint(_ id: String, _ path: String, _ method: HTTPMethod = .get, variable: String? = nil) -> Endpoint<Object> {
        let parameters: [Parameter] = variable.map { [.path("id", .string, sample: .environment($0, fallback: nil))] } ?? []
        return Endpoint<Object>(id: id, method, path, parameters: parameters, mock: id, auth: .token)
    }

    /// Nautobot's order: the first GETs are of objects the reader may not see, the deepest of them
    /// need ids no variable gives.
    static let endpoints = [
        endpoint("circuits_list", "circuits"),
        endpoint("circuits_notes", "circuits/{id}/notes", variable: "DRF_CIRCUIT_ID"),
        endpoint("circuits_trace", "circuits/{id}/trace", variable: "DRF_CIRCUIT_ID"),
        endpoint("circuit_types_notes", "circuit-types/{id}/notes", variable: "DRF_CIRCUIT_TYPE_ID"),
        endpoint("devices_list", "devices"),
        endpoint("locations_list", "locations"),
        endpoint("locations_retrieve", "locations/{id}", variable: "DRF_LOCATION_ID"),
    ]

    static func api(_ endpoints: [Endpoint<Object>]) -> API {
        API(
            name: "drf", envelope: .none, auth: .preIssued(variable: "DRF_TOKEN", placement: .scheme("Token")),
            endpoints: endpoints)
    }

    func run(_ api: API, key: String, _ server: DRFServer = DRFServer()) async -> Report {
        await LiveCheck(
            api: api, transport: server,
            options: LiveOptions(
                baseURL: URL(string: "http://drf.invalid/api/")!, concurrency: 1,
                environment: ["DRF_TOKEN": key, "DRF_LOCATION_ID": "l1", "DRF_TOKEN_ID": "t-admin"], probes: false)
        ).run()
    }

    /// The first GET forbidden, the next ones tried are those whose samples can be made.
    @Test func aKeyForbiddenSomeObjectsIsCheckedWhereItMayRead() async {
        let report = await run(Self.api(Self.endpoints), key: Self.reader)
        #expect(report.runFindings.isEmpty, "\(report.runFindings.map(\.message))")
        #expect(report.endpointResults.filter(\.passed).map(\.name) == ["locations_list", "locations_retrieve"])
        #expect(report.endpointResults.filter { !$0.passed && $0.skipped == nil }.map(\.name) == ["circuits_list", "devices_list"])
        // The reads whose ids no variable gives are not sent, the variable named, as for any account.
        let unset = report.endpointResults.filter { $0.skipped?.rawValue.contains("which is not set") == true }.map(\.name)
        #expect(unset == ["circuits_notes", "circuits_trace", "circuit_types_notes"], "\(report.endpointResults.map(\.skipped))")
    }

    /// Forbidden by every endpoint tried, in other words than a made-up token gets: the key is
    /// known, and what the account may read is still checked.
    @Test func aKeyForbiddenByEveryTrialButKnownIsNoRefusedKey() async {
        let endpoints = [
            Self.endpoint("circuits_list", "circuits"), Self.endpoint("devices_list", "devices"),
            Self.endpoint("racks_list", "racks"), Self.endpoint("vlans_list", "vlans"),
            Self.endpoint("locations_list", "locations"),
        ]
        let report = await run(Self.api(endpoints), key: Self.reader)
        #expect(report.endpointResults.filter(\.passed).map(\.name) == ["locations_list"])
        #expect(
            report.runFindings.map(\.message) == [
                "the token issued beforehand in $DRF_TOKEN was forbidden by the 4 endpoints tried, circuits_list, devices_list, "
                    + "racks_list and vlans_list (HTTP 403, \"You do not have permission to perform this action.\"), where a made-up "
                    + "token is answered otherwise (HTTP 403, \"Invalid token\"): the server knows the token, whose account may lack "
                    + "permissions; each endpoint that forbids it is its own finding"
            ])
    }

    @Test func aWrongKeyIsRefusedEverywhere() async {
        let report = await run(Self.api(Self.endpoints), key: "0000000000aaaaaaaaaa0000000000aaaaaaaaaa")
        #expect(
            report.allFindings.map(\.message) == [
                "the token issued beforehand in $DRF_TOKEN was refused everywhere it was tried, by circuits_list, locations_retrieve, "
                    + "devices_list and locations_list (HTTP 403, http-status), as a made-up token is; check it; 7 endpoints that need "
                    + "it were not checked"
            ])
    }

    /// The dead-token answer is the one a made-up token gets: a 403 like it, which the endpoint
    /// that took the key at the start now gives too, is the key's loss.
    @Test func aKeyTheRunDeletesIsOneFindingNamingTheWrite() async {
        let endpoints = [
            Self.endpoint("locations_list", "locations"),
            Self.endpoint("tokens_destroy", "tokens/{id}", .delete, variable: "DRF_TOKEN_ID")
                .ordered(after: "locations_list"),
            Self.endpoint("devices_list", "devices").ordered(after: "tokens_destroy"),
            Self.endpoint("racks_list", "racks").ordered(after: "tokens_destroy"),
        ]
        let report = await run(Self.api(endpoints), key: Self.admin)
        #expect(
            report.runFindings.map(\.message) == [
                "the token issued beforehand in $DRF_TOKEN stopped working during the run: devices_list and locations_list, "
                    + "which took it at the start, refuse it (HTTP 403), after tokens_destroy succeeded (a write that may have "
                    + "ended or rotated it); the steps after it that need it were not checked"
            ], "\(report.allFindings.map(\.message))")
        #expect(report.endpointResults.first { $0.name == "racks_list" }?.skipped != nil)
    }
}
