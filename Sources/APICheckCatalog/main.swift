import APICheck
import APICheckCLI
import Foundation

// apicheck-catalog: the command line over a generated catalog of N endpoints (N from
// APICHECK_CATALOG_ENDPOINTS, 200 unless set), for the scaling bench (ci/bench-scale). Each
// endpoint `bench.eNNNNN` is `GET bench/eNNNNN` answering `{"id": Int, "name": String}` in the
// default envelope, its mock `eNNNNN.json`. Only the public API of the package is used, so the
// same file builds against an earlier release for a baseline.

struct Item: Decodable, Sendable {
    let id: Int
    let name: String
}

let count = Int(ProcessInfo.processInfo.environment["APICHECK_CATALOG_ENDPOINTS"] ?? "") ?? 200
let width = String(max(count - 1, 0)).count
let endpoints = (0..<count).map { index -> Endpoint<Item> in
    let digits = String(index)
    let name = "e" + String(repeating: "0", count: width - digits.count) + digits
    return Endpoint<Item>(id: "bench.\(name)", .get, "bench/\(name)", mock: name)
}
let api = API(
    name: "bench", environments: ["local": URL(string: "http://127.0.0.1:8080/Api/")!],
    envelope: EnvelopePolicy(), endpoints: endpoints)
let code = await APICheckTool(api: api, name: "apicheck-catalog").run(Array(CommandLine.arguments.dropFirst()))
exit(code)
