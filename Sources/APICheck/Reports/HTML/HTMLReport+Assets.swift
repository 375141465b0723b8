extension HTMLReport {
    /// The page's whole style, inline: no font or image is fetched.
    static let stylesheet = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
        header,section{margin:0 auto;max-width:1200px;padding:12px 24px}
        header{border-bottom:4px solid #8a93a3;background:#fff}
        header.verdict-pass{border-color:#1f8a4c}header.verdict-fail{border-color:#c62828}
        header.verdict-error,header.verdict-unreachable{border-color:#b26a00}
        h1{font-size:20px;margin:4px 0}h2{font-size:17px;margin:18px 0 8px}h3{font-size:15px;margin:14px 0 6px}h4{margin:8px 0 4px}
        .verdict{display:inline-block;padding:1px 8px;border-radius:4px;color:#fff;background:#8a93a3}
        .verdict-pass .verdict{background:#1f8a4c}.verdict-fail .verdict{background:#c62828}
        .verdict-error .verdict,.verdict-unreachable .verdict{background:#b26a00}
        .target{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:normal;word-break:break-all}
        .facts{display:flex;flex-wrap:wrap;gap:4px 24px;margin:8px 0}.facts div{display:flex;gap:6px}
        dt{color:#5b6475}dd{margin:0}
        table{border-collapse:collapse;background:#fff;width:100%;margin-bottom:8px}
        th,td{border:1px solid #dde1e7;padding:4px 8px;text-align:left;vertical-align:top}
        thead th{background:#eef0f4;font-weight:600}
        code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px;word-break:break-all;white-space:pre-wrap}
        td small{display:block;color:#5b6475}
        .status-ok b{color:#1f8a4c}.status-warn b,.status-skip b{color:#b26a00}.status-fail b{color:#c62828}
        td.status-fail{background:#fdecea}td.na{color:#a0a7b4}
        .badge{padding:0 6px;border-radius:3px;color:#fff;font-size:12px}
        .badge.sev-error{background:#c62828}.badge.sev-warning{background:#b26a00}.badge.sev-info{background:#2f6fb3}
        .message{white-space:pre-wrap}
        .commands div{display:flex;gap:8px;margin:2px 0}.commands dt{min-width:120px}
        .commands code{background:#eef0f4;padding:2px 6px;border-radius:3px}
        #filters{display:flex;gap:16px;margin:6px 0 10px}#filters[hidden]{display:none}
        .timings th{width:28%;font-weight:normal}.timings td.ms{width:34%;color:#5b6475;font-size:12px}
        .bar{white-space:nowrap}.seg{display:inline-block;height:12px;vertical-align:middle}
        .legend .seg{width:12px;margin:0 4px 0 10px}
        .seg.dns{background:#7e57c2}.seg.connect{background:#26a69a}.seg.tls{background:#ffa726}
        .seg.wait{background:#42a5f5}.seg.transfer{background:#66bb6a}
        """

    /// The history column and the first-seen cells, added only to a page that shows a history:
    /// a page without one stays as it was.
    static let historyStylesheet = """
        td.history{white-space:nowrap}td.history small{display:inline;margin-left:6px}
        .spark{vertical-align:middle}.spark .s-ok{fill:#1f8a4c}.spark .s-warn{fill:#b26a00}.spark .s-fail{fill:#c62828}
        .spark .s-skip,.spark .s-other{fill:#a0a7b4}.spark .now{stroke:#1d2330;stroke-width:1.5}
        td.first-seen{white-space:nowrap;font-size:12px}td.first-seen.new{color:#c62828}
        """

    /// The filter box: shown only when scripts run, so that the page without them has no dead
    /// controls. It hides finding rows that do not match, and groups left without any. A
    /// `#filter=TEXT&severity=LEVEL` fragment fills it in on load.
    static let script = """
        (function () {
          var box = document.getElementById("filters");
          if (!box) { return; }
          box.hidden = false;
          var text = document.getElementById("filter-text"), severity = document.getElementById("filter-severity");
          function apply() {
            var wanted = text.value.toLowerCase(), level = severity.value;
            document.querySelectorAll("section.group").forEach(function (group) {
              var shown = 0, heading = group.querySelector("h3").textContent.toLowerCase();
              group.querySelectorAll("tr[data-severity]").forEach(function (row) {
                var match = (!level || row.getAttribute("data-severity") === level)
                  && (!wanted || heading.indexOf(wanted) >= 0 || row.textContent.toLowerCase().indexOf(wanted) >= 0);
                row.hidden = !match;
                if (match) { shown += 1; }
              });
              group.hidden = shown === 0;
            });
          }
          text.addEventListener("input", apply);
          severity.addEventListener("change", apply);
          // A link can carry a filter: report.html#filter=screen_name&severity=error
          var given = /^#filter=([^&]*)(?:&severity=(error|warning|info))?$/.exec(location.hash);
          if (given) { text.value = decodeURIComponent(given[1]); severity.value = given[2] || ""; apply(); }
        })();
        """
}
