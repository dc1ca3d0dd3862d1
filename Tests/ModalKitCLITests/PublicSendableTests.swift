import ModalKit
import PositionedJSON
import TestSupport
import Testing

/// docs/library.md: every public value of the library but the router is `Sendable`. The first test does not
/// compile when one of the listed types loses `Sendable`; the second catches a new public type that never had it.
@Suite struct PublicSendableTests {
    static func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func everyPublicValueTypeIsSendable() {
        // HTMLRendering
        Self.requireSendable(HTMLPageOptions.self)
        Self.requireSendable(HTMLTheme.self)
        Self.requireSendable(HTMLDevice.self)
        // ModalActions
        Self.requireSendable(ActionRouteFailure.self)
        Self.requireSendable(ActionRouteResult.self)
        Self.requireSendable(PreviewOutcome.self)
        Self.requireSendable(PreviewOutcome.Control.self)
        Self.requireSendable(PreviewOutcomeError.self)
        // ModalModel
        Self.requireSendable(ActionError.self)
        Self.requireSendable(ActionWarning.self)
        Self.requireSendable(ColorParseError.self)
        Self.requireSendable(DecodeOptions.self)
        Self.requireSendable(DecodeResult.self)
        Self.requireSendable(Diagnostic.self)
        Self.requireSendable(FontStyle.self)
        Self.requireSendable(Modal.self)
        Self.requireSendable(ModalAction.self)
        Self.requireSendable(ModalBuilder.self)
        Self.requireSendable(ModalButton.self)
        Self.requireSendable(ModalColor.self)
        Self.requireSendable(ModalDecodingWarnings.self)
        Self.requireSendable(ModalDocument.self)
        Self.requireSendable(ModalEncoder.self)
        Self.requireSendable(ModalEncoder.Layout.self)
        Self.requireSendable(ModalRuleViolation.self)
        Self.requireSendable(ModalTextAlignment.self)
        Self.requireSendable(ParsedAction.self)
        Self.requireSendable(Severity.self)
        Self.requireSendable(StyleAttributes.self)
        Self.requireSendable(TextDirection.self)
        Self.requireSendable(UTF16Range.self)
        Self.requireSendable(UTF16RangeError.self)
        // PositionedJSON
        Self.requireSendable(JSONMember.self)
        Self.requireSendable(JSONNode.self)
        Self.requireSendable(JSONNumber.self)
        Self.requireSendable(JSONValue.self)
        Self.requireSendable(JSONValueDecoder.self)
        Self.requireSendable(JSONValueEncoder.self)
        Self.requireSendable(PositionedJSON.SourceLocation.self)
        Self.requireSendable(SourceText.self)
        // Renderers
        Self.requireSendable(DocumentFormat.self)
        Self.requireSendable(DocumentRenderOptions.self)
        Self.requireSendable(RenderLimits.self)
        Self.requireSendable(RenderRefusal.self)
        Self.requireSendable(RenderRefusal.Limit.self)
        // Reporting
        Self.requireSendable(ColumnUnit.self)
        Self.requireSendable(FileReport.self)
        Self.requireSendable(ReportFormat.self)
        Self.requireSendable(ReportOptions.self)
        Self.requireSendable(ReportSummary.self)
        Self.requireSendable(ReportWriter.self)
        // Screen
        Self.requireSendable(BidiDisplay.self)
        Self.requireSendable(ClusterMode.self)
        Self.requireSendable(ColorDepth.self)
        Self.requireSendable(ModalCard.self)
        // TextLayout
        Self.requireSendable(MessageRun.self)
        Self.requireSendable(RunAttributes.self)
        Self.requireSendable(RunLink.self)
        Self.requireSendable(LinkVerdict.self)
    }

    /// Types that are not values: the router holds the app's closures, the others are namespaces without
    /// instances, and the `AttributedString` keys of ModalKitFoundation are types only.
    static let notValues: Set<String> = ["ActionRouter", "DocumentRenderer", "ModalDecoder", "ModalKitRelease"]

    /// Every type in the API baseline says `Sendable`, unless it is one of the few that are not values.
    @Test func theBaselineHasNoOtherTypeWithoutSendable() throws {
        let baseline = try #require(readFile(repositoryRoot + "/api/ModalKit.api"))
        var types: Set<String> = []
        var sendable: Set<String> = []
        for line in baseline.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3 else { continue }
            let (module, symbol, declaration) = (fields[0], String(fields[1]), fields[2...].joined(separator: " "))
            if module == "ModalKitFoundation" { continue }
            if declaration == ": Sendable" { sendable.insert(symbol) }
            for kind in ["struct ", "enum ", "final class ", "class ", "actor "] where declaration.hasPrefix(kind) {
                types.insert(symbol)
            }
        }
        expect(types.count > 40)
        expectEqual(types.subtracting(sendable).subtracting(Self.notValues).sorted(), [])
    }
}
