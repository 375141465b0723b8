import APICheck
import Foundation

/// `apicheck sandbox`: the bundled demo backend in the foreground, until interrupted.
struct SandboxCommand: Command {
    static let name = "sandbox"
    static let abstract = "Run the bundled demo backend in the foreground."
    static let usage = """
        usage: apicheck sandbox [--port N] [--token-ttl S] [--fault SPEC]...

        Serves the demo API on http://127.0.0.1:PORT/Api/ until interrupted (Ctrl-C).

        options:
          --port N          the port to bind on 127.0.0.1 (default 8080; 0 = any free port)
          --token-ttl S     seconds a login token lives (default 3600)
          --fault SPEC      serve a deliberate deviation, to see what 'apicheck live' reports;
                            repeatable. ROUTE is a path below /Api/ as in the API's docs:
                              rename:ROUTE:FROM:TO     replace:ROUTE:KEY:JSON   add:ROUTE:KEY:JSON
                              remove:ROUTE:KEY         code:ROUTE:CODE:MSG      html:ROUTE:STATUS
                              delay:ROUTE:MS           truncate:ROUTE           huge:ROUTE:BYTES
                              dead-token-accepted      no-revocation
                            e.g. --fault rename:statuses/home_timeline:screen_name:screenName
          -h, --help        show this help
        """

    let context: CommandContext
    let port: Int
    let tokenTTL: Double
    let faults: [String]

    init(_ arguments: [String], context: CommandContext) throws(UsageError) {
        let parsed = try ParsedArguments(arguments, options: ["port": .value, "token-ttl": .value, "fault": .repeated])
        try parsed.noPositionals()
        self.context = context
        port = try parsed.int("port", in: 0...65535) ?? 8080
        tokenTTL = try parsed.seconds("token-ttl") ?? 3600
        faults = parsed.all("fault")
    }

    func run() async -> Int32 {
        guard let launcher = context.sandbox else {
            context.console.err("apicheck sandbox: this build of apicheck bundles no sandbox for the \(context.api.name) API")
            return 2
        }
        let running: any RunningSandbox
        do {
            running = try launcher.start(port: port, tokenTTL: tokenTTL, faults: faults)
        } catch {
            // The launcher's errors say what failed (a bad --fault, a port in use).
            context.console.err("apicheck sandbox: \(error)")
            return 2
        }
        for fault in faults { context.console.err("apicheck sandbox: fault \(fault)") }
        context.console.err("apicheck sandbox: serving the \(context.api.name) API on \(running.baseURL.absoluteString) "
            + "(account '\(launcher.account)', token TTL \(Int(tokenTTL)) s); Ctrl-C stops it")
        // The server runs on its own threads; this task only waits for the end of the process.
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(3600))
        }
        running.stop()
        return 0
    }
}
