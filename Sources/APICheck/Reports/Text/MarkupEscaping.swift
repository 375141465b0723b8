/// Text made safe inside markup, the one escaper of the JUnit XML and the HTML report: the five
/// markup characters as entities (`&#39;` for the apostrophe, which XML and HTML both read), so
/// that server text can never open a tag, close a `<script>` or end an attribute.
enum MarkupEscaping {
    /// The markup characters as entities; everything else as it is.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
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

    /// For an HTML page: what `DisplayText` makes safe for every report first (control, bidi and
    /// other unsafe characters as visible escapes, so a terminal that `cat`s the file is safe
    /// too), then `escape`. Newlines and tabs survive; the page shows them with
    /// `white-space: pre-wrap` where it wants to.
    static func html(_ text: String) -> String {
        escape(DisplayText.escaped(text.replacingOccurrences(of: "\r\n", with: "\n"), keepNewlines: true))
    }
}
