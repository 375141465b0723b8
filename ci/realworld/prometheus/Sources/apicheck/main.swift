import APICheckCLI
import Foundation
import PrometheusContracts

exit(await APICheckTool(api: Prometheus.api).run(Array(CommandLine.arguments.dropFirst())))
