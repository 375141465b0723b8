import APICheckCLI
import Foundation
import SynapseContracts

exit(await APICheckTool(api: Synapse.api).run(Array(CommandLine.arguments.dropFirst())))
