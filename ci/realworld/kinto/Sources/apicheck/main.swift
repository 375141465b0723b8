import APICheckCLI
import Foundation
import KintoContracts

exit(await APICheckTool(api: Kinto.api).run(Array(CommandLine.arguments.dropFirst())))
