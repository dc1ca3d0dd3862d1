import Foundation
import ModalKitFoundation
import ModalModel
import TestSupport
import Testing
import TextLayout

/// The style attributes have one name per layer, in one table (`StyleAttributeNames.all`): every layer is held to
/// it, so an attribute added to one layer and not to the table, or to the table and not to a layer, fails here.
@Suite struct StyleVocabularyTests {
    typealias Keys = AttributeScopes.ModalKitAttributes
    typealias Run = AttributedString.Runs.Run

    /// Each attribute of the scope: its archived name, and whether a run has it.
    static let scopeAttributes: [String: (name: String, isSet: @Sendable (Run) -> Bool)] = [
        "modalBold": (Keys.ModalBoldAttribute.name, { $0.modalBold != nil }),
        "modalItalic": (Keys.ModalItalicAttribute.name, { $0.modalItalic != nil }),
        "modalUnderline": (Keys.ModalUnderlineAttribute.name, { $0.modalUnderline != nil }),
        "modalStrikethrough": (Keys.ModalStrikethroughAttribute.name, { $0.modalStrikethrough != nil }),
        "modalFontSize": (Keys.ModalFontSizeAttribute.name, { $0.modalFontSize != nil }),
        "modalForegroundColor": (Keys.ModalForegroundColorAttribute.name, { $0.modalForegroundColor != nil }),
        "modalBackgroundColor": (Keys.ModalBackgroundColorAttribute.name, { $0.modalBackgroundColor != nil }),
        "modalAction": (Keys.ModalActionAttribute.name, { $0.modalAction != nil }),
        "modalLinkStyleIndex": (Keys.ModalLinkStyleIndexAttribute.name, { $0.modalLinkStyleIndex != nil }),
    ]

    @Test func theWireKeysAreTheStyleObjectsKeys() {
        let keys = FormatObject.style.keyNames.filter { $0 != "apply_to" }
        expectEqual(StyleAttributeNames.all.map(\.wireKey), keys)
    }

    @Test func theModelPropertiesAreStyleAttributes() {
        let properties = Mirror(reflecting: StyleAttributes()).children.compactMap(\.label)
        expectEqual(StyleAttributeNames.all.map(\.styleProperty), properties)
    }

    @Test func theRunPropertiesAreRunAttributes() {
        let properties = Mirror(reflecting: RunAttributes()).children.compactMap(\.label)
        expectEqual(StyleAttributeNames.all.flatMap(\.runProperties).sorted(), properties.sorted())
    }

    @Test func theAttributedStringPropertiesAreTheScopesWithTheirNames() {
        let table = StyleAttributeNames.all
        expectEqual(table.flatMap(\.attributedStringProperties).sorted(), Self.scopeAttributes.keys.sorted())
        for entry in table {
            expectEqual(entry.attributedStringProperties.count, entry.attributedStringKeyNames.count)
            for (property, name) in zip(entry.attributedStringProperties, entry.attributedStringKeyNames) {
                expectEqual(Self.scopeAttributes[property]?.name, name, "\(property)")
            }
        }
    }

    /// Setting one key on the wire sets exactly the attributes its row names, in runs and in the attributed string.
    @Test(arguments: StyleAttributeNames.all.map(\.wireKey))
    func eachWireKeySetsTheAttributesItsRowNames(wireKey: String) throws {
        let entry = try #require(StyleAttributeNames.all.first { $0.wireKey == wireKey })
        let key = try #require(FormatObject.style.key(named: wireKey))
        // `bold_italic` sets both of font_style's flags, where the key's example sets only one.
        let member = wireKey == "font_style" ? #""font_style": "bold_italic""# : key.example
        let json = #"{"msg": "Hello", "styles": [{"apply_to": {"from": 0, "length": 5}, "# + member + "}]}"
        let modal = try #require(try ModalDecoder.decodeDocument(json).first)
        let run = try #require(MessageRun.runs(of: modal).first)
        let defaults = Mirror(reflecting: RunAttributes()).children
        let changed = zip(Mirror(reflecting: run.attributes).children, defaults).compactMap { new, old in
            "\(new.value)" == "\(old.value)" ? nil : new.label
        }
        expectEqual(changed.sorted(), entry.runProperties.sorted())
        let attributed = try #require(AttributedString(modal: modal).runs.first)
        let present = Self.scopeAttributes.filter { $0.value.isSet(attributed) }.keys
        expectEqual(present.sorted(), entry.attributedStringProperties.sorted())
    }

    @Test func theLibraryDocsShowTheTables() throws {
        let docs = String(decoding: try #require(readFileBytes(repositoryRoot + "/docs/library.md")), as: UTF8.self)
        expect(
            docs.contains(StyleAttributeNames.markdownTable),
            "docs/library.md needs:\n\(StyleAttributeNames.markdownTable)")
        expect(
            docs.contains(ModalAction.builtinsMarkdownTable),
            "docs/library.md needs:\n\(ModalAction.builtinsMarkdownTable)")
    }
}
