/// A member or parameter name reduced to its letters and digits in one case, so the rules that
/// know names by their words (`page_size`, `pageSize` and `page-size`; `next_url` and `nextUrl`;
/// `partId` and `part_id`) read every API's spelling alike.
package enum MemberName {
    package static func folded(_ name: String) -> String {
        name.lowercased().filter { $0 != "_" && $0 != "-" }
    }
}
