import Reporting
import Screen
import TestSupport
import Testing

@testable import ModalKitCLI

/// `--color`, `--profile` and the config's `profile` take the depth words `ColorDepth` declares, and no other.
@Suite struct ColorWordsTests {
    static let words = ColorDepth.namedDepths.compactMap(\.word)

    @Test func everyPlaceTakesTheDeclaredWords() {
        let color = RenderCommand.declaration.options.first { $0.names == ["--color"] }
        let profile = ValidateCommand.declaration.options.first { $0.names == ["--profile"] }
        expectEqual(color?.value, .words(["auto"] + Self.words))
        expectEqual(profile?.value, .words(Self.words))
        expectEqual(ValidationConfig.profileNames, Self.words)
        for word in Self.words {
            let config = ValidationConfig.parse(Array(#"{"profile": "\#(word)"}"#.utf8), directory: "/")
            expectEqual((try? config.get())?.profile, word)
        }
        expect((try? ValidationConfig.parse(Array(#"{"profile": "ansi8"}"#.utf8), directory: "/").get()) == nil)
    }

    @Test func aProfileIsTheDepthItNames() {
        for word in Self.words {
            expectEqual(TargetProfile(rawValue: word)?.depth, ColorDepth(word: word))
            expectEqual(ColorRequest(rawValue: word), .fixed(ColorDepth(word: word)!))
        }
        expectEqual(TargetProfile.allCases.map(\.rawValue), Self.words)
    }
}
