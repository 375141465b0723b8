import APICheckCLI
import Foundation
import JupyterContracts

exit(await APICheckTool(api: Jupyter.api).run(Array(CommandLine.arguments.dropFirst())))
