import APICheckCLI
import Foundation
import ShopContracts

exit(await APICheckTool(api: Shop.api).run(Array(CommandLine.arguments.dropFirst())))
