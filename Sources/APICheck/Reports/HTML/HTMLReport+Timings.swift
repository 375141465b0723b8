import Foundation

extension HTMLReport {
    /// One bar per timed request, on a common scale (the slowest request fills the width): DNS,
    /// connect, TLS, waiting for the first byte, then the transfer, each phase a segment.
    static func timingBars(_ report: Report) -> String {
        let timed = report.results.filter { ($0.timings?.total ?? 0) > 0 }
        guard let slowest = timed.compactMap(\.timings?.total).max(), slowest > 0 else { return "" }
        var html = "<section id=\"timings\">\n<h2>Timings</h2>\n"
        html +=
            "<p class=\"legend\"><span class=\"seg dns\"></span>DNS <span class=\"seg connect\"></span>connect "
            + "<span class=\"seg tls\"></span>TLS <span class=\"seg wait\"></span>first byte "
            + "<span class=\"seg transfer\"></span>transfer; each phase from the start of the request</p>\n"
        html += "<table class=\"timings\">\n<tbody>\n"
        for result in timed {
            guard let timings = result.timings else { continue }
            let phases = segments(timings)
            html += "<tr><th scope=\"row\">\(e(result.name))</th><td class=\"bar\">"
            for (name, seconds) in phases where seconds > 0 {
                let width = String(format: "%.2f", seconds / slowest * 100)
                html += "<span class=\"seg \(name)\" style=\"width:\(width)%\" title=\"\(name) \(milliseconds(seconds)) ms\"></span>"
            }
            html +=
                "</td><td class=\"ms\">\(e(TextReport.phases(timings).dropFirst().dropLast().description)); total \(milliseconds(timings.total)) ms</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        return html
    }

    /// libcurl's cumulative times as the length of each phase. Phases that did not happen (a
    /// reused connection has no DNS or connect) have no length.
    static func segments(_ timings: Timings) -> [(String, Double)] {
        let dns = max(0, timings.dns)
        let connect = max(dns, timings.connect)
        let tls = max(connect, timings.tls)
        let firstByte = max(tls, timings.firstByte)
        let total = max(firstByte, timings.total)
        return [
            ("dns", dns), ("connect", connect - dns), ("tls", tls - connect), ("wait", firstByte - tls), ("transfer", total - firstByte),
        ]
    }

    static func milliseconds(_ seconds: Double) -> String {
        let value = seconds * 1000
        return value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))
    }
}
