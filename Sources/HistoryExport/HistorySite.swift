import Foundation
import TextFormatting

/// The static history site: `index.html` and one page per series, written as a whole into a folder.
public enum HistorySite {
    /// Writes the site of `series` into `folder` atomically (``SiteFolder``): a reader sees the previous site or
    /// the new one, never a mix; a failure leaves the previous one as it was.
    /// - Parameter branch: the branch the series were kept to (`--branch`), said on the index; nil: every branch's.
    /// - Returns: the number of pages written, the index included.
    /// - Throws: ``SiteFolder/Failure`` naming `folder`.
    @discardableResult
    public static func write(_ series: [SiteSeries], into folder: String, branch: String? = nil) throws -> Int {
        let files = pages(series, branch: branch)
        try SiteFolder.replace(folder, owns: isPageName) { staging in
            for (name, html) in files {
                try SiteFolder.writeFile(Data(html.utf8), to: "\(staging)/\(name)", naming: "\(folder)/\(name)")
            }
        }
        return files.count
    }

    /// The site's files by name: `index.html` and each series' page.
    public static func pages(_ series: [SiteSeries], branch: String? = nil) -> [(name: String, html: String)] {
        let names = series.map(pageName)
        return [("index.html", SitePages.index(series, pageNames: names, branch: branch))]
            + zip(names, series).map { ($0, SitePages.seriesPage($1)) }
    }

    /// Whether `name` is a page this site writes: `index.html`, or a series page (``pageName(_:)``'s pattern).
    public static func isPageName(_ name: String) -> Bool {
        name == "index.html" || name.wholeMatch(of: /[A-Za-z0-9_-]*-[0-9a-f]{8}-[0-9a-f]{12}\.html/) != nil
    }

    /// A file name safe on any file system and in a URL: the id's letters, digits and dashes (others as `_`), the
    /// machine class hash, and a hash of the id so that two ids that read alike never share a page.
    public static func pageName(_ series: SiteSeries) -> String {
        let readable = String(series.benchmarkID.unicodeScalars.prefix(80).map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
        let idHash = FNV1a.hex(FNV1a.hash64(series.benchmarkID)).prefix(8)
        return "\(readable)-\(idHash)-\(series.machineClass.hash).html"
    }
}
