import APICheckCLI
import Foundation
import HTTPBinContracts

exit(await APICheckTool(api: HTTPBin.api).run(Array(CommandLine.arguments.dropFirst())))
