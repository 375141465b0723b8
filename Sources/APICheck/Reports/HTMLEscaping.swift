/// Text made safe for an HTML page: what `DisplayText` makes safe for every report (control, bidi
/// and other unsafe characters shown as visible escapes), then the five markup characters as
/// entities, so that server text can never open a tag, close a `<script>`, end an attribute or reach
/// a terminal that `cat`s the file. Newlines and tabs survive; the page shows them with
/// `white-space: pre-wrap` where it wants to.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        let safe = DisplayText.escaped(text.replacingOccurrences(of: "\r\n", with: "\n"), keepNewlines: true)
        var out = ""
        out.reserveCapacity(safe.utf8.count)
        for scalar in safe.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
