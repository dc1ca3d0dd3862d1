import Foundation
import TestSupport
import Testing

/// A Markdown document's relative links, and the anchors its headings give, as GitHub makes them.
struct MarkdownLinks {
    /// The link targets outside fenced blocks, as written (`docs/cli.md#modalkit-render`, `#tests`).
    var targets: [String] = []
    /// The anchors of its headings (`modalkit-render` for "## `modalkit render`").
    var anchors: Set<String> = []

    init(_ text: String) {
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            if line.hasPrefix("#") {
                anchors.insert(Self.anchor(of: String(line.drop { $0 == "#" })))
            }
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
    }

    /// GitHub's anchor for a heading: lower case, spaces as hyphens, other punctuation dropped.
    static func anchor(of heading: String) -> String {
        var anchor = ""
        for character in heading.trimmingCharacters(in: .whitespaces).lowercased() {
            if character == " " {
                anchor.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            }
        }
        return anchor
    }
}

/// Every relative link of the README, FORMAT.md and docs/ leads to a file that exists, and an anchor to a
/// heading of that file.
@Suite struct DocumentLinkTests {
    static var documents: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")) ?? []
        return ["README.md", "FORMAT.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test func anchorsAreGitHubs() {
        expectEqual(MarkdownLinks.anchor(of: " `modalkit render`"), "modalkit-render")
        expectEqual(MarkdownLinks.anchor(of: " HTML: see it as the phone will"), "html-see-it-as-the-phone-will")
        expectEqual(MarkdownLinks.anchor(of: " API documentation (DocC)"), "api-documentation-docc")
    }

    @Test func aBrokenLinkIsFound() {
        let links = MarkdownLinks("# Title\n\nSee [the part](#a-part) and [code](x.md).\n```\n[not](a-link)\n```\n")
        expectEqual(links.targets, ["#a-part", "x.md"])
        expect(!links.anchors.contains("a-part"))
    }

    @Test func everyRelativeLinkLeadsSomewhere() throws {
        var checked = 0
        for document in Self.documents {
            let text = try #require(readFile(repositoryRoot + "/" + document), "cannot read \(document)")
            let directory = (document as NSString).deletingLastPathComponent
            for target in MarkdownLinks(text).targets where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path =
                    parts[0].isEmpty ? document : (directory as NSString).appendingPathComponent(String(parts[0]))
                let full = (repositoryRoot as NSString).appendingPathComponent(path)
                expect(FileManager.default.fileExists(atPath: full), "\(document): the link \(target) leads nowhere")
                if parts.count == 2, path.hasSuffix(".md"), let linked = readFile(full) {
                    expect(
                        MarkdownLinks(linked).anchors.contains(String(parts[1])),
                        "\(document): \(path) has no heading for #\(parts[1])")
                }
                checked += 1
            }
        }
        expect(checked > 50, "only \(checked) links were checked")
    }
}
