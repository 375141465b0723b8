import APICheckCLI
import APICheckDemo
import Contracts
import Foundation

// The demo API's apicheck: the command line over the catalog in contracts/, with its sandbox.
let code = await APICheckTool(api: Demo.api, sandbox: DemoSandboxLauncher()).run(Array(CommandLine.arguments.dropFirst()))
exit(code)
