import PositionedJSON

/// How a `JSONDecoder` or `JSONEncoder` renames keys, read from the decoder handed to `init(from:)` or the
/// encoder handed to `encode(to:)`.
///
/// A renamed key is a key the format does not define: `max_lines` read under `.convertFromSnakeCase` arrives as
/// `maxLines`, and its value would be lost as an unknown key. `Decoder` has no public way to say how it renames,
/// so the strategy is read by reflection, by its name only; a `.custom` closure is never called. A coder without
/// a key strategy (`PropertyListDecoder`, ModalKit's own) keeps keys as written. If a future Foundation lays its
/// options out differently, the strategy reads as `.asWritten` and a renamed key is refused as unknown, so the
/// worst case is an error, never silent loss.
enum CodingKeyStrategy: Equatable {
    /// Keys arrive as written: `.useDefaultKeys`, or a coder with no key strategy.
    case asWritten
    /// `.convertFromSnakeCase` or `.convertToSnakeCase`.
    case snakeCase
    /// `.custom` or a strategy this version does not know, by the name its description gives.
    case other(name: String)

    /// The strategy of the decoder's `keyDecodingStrategy`.
    static func of(_ decoder: any Decoder) -> CodingKeyStrategy {
        strategy(named: optionText(of: decoder, label: "keyDecodingStrategy"), snakeCase: "convertFromSnakeCase")
    }

    /// The strategy of the encoder's `keyEncodingStrategy`.
    static func of(_ encoder: any Encoder) -> CodingKeyStrategy {
        strategy(named: optionText(of: encoder, label: "keyEncodingStrategy"), snakeCase: "convertToSnakeCase")
    }

    /// The strategy as a reader would write it, such as `keyDecodingStrategy .custom`; nil for keys as written.
    func name(option: String) -> String? {
        switch self {
        case .asWritten: nil
        case .snakeCase: option == "keyDecodingStrategy" ? ".convertFromSnakeCase" : ".convertToSnakeCase"
        case .other(let name): ".\(name)"
        }
    }

    private static func strategy(named text: String?, snakeCase: String) -> CodingKeyStrategy {
        guard let text else { return .asWritten }
        // `custom((Function))`: the case name is all that is read.
        let name = String(text.prefix { $0 != "(" })
        switch name {
        case "useDefaultKeys": return .asWritten
        case snakeCase: return .snakeCase
        default: return .other(name: name)
        }
    }

    /// The description of the option `label` in the coder's `options`, as Foundation's JSON coders keep it.
    private static func optionText(of coder: Any, label: String) -> String? {
        for child in Mirror(reflecting: coder).children where child.label == "options" {
            for option in Mirror(reflecting: child.value).children where option.label == label {
                return String(describing: option.value)
            }
        }
        return nil
    }
}

extension FormatVocabulary {
    /// Every key of the format by the name `.convertFromSnakeCase` gives it (`max_lines` by `maxLines`), for
    /// reading the format's keys back from a decoder that renamed them. Keys without `_` map to themselves.
    static let keyNamesBySnakeCaseConversion: [String: String] = {
        var names: [String: String] = [:]
        for key in keys { names[camelCase(key.name)] = key.name }
        return names
    }()

    /// A key as `.convertFromSnakeCase` writes it: the words after the first capitalised and the `_` removed.
    /// The format's keys are lower-case ASCII with single `_` between words, which is all this handles; the
    /// tests check the result against `JSONDecoder` itself.
    static func camelCase(_ snakeCaseKey: String) -> String {
        let words = snakeCaseKey.split(separator: "_")
        guard let first = words.first else { return snakeCaseKey }
        return words.dropFirst().reduce(String(first)) { $0 + $1.prefix(1).uppercased() + $1.dropFirst() }
    }
}

extension JSONValue {
    /// The value with every object key that is a format key renamed by `.convertFromSnakeCase` given back its
    /// name in the format; other keys are left as they are (and are reported as unknown).
    func restoringSnakeCaseKeys() -> JSONValue {
        switch self {
        case .array(let elements):
            return .array(
                elements.map { JSONNode(value: $0.value.restoringSnakeCaseKeys(), byteOffset: $0.byteOffset) })
        case .object(let members):
            return .object(
                members.map { member in
                    JSONMember(
                        key: FormatVocabulary.keyNamesBySnakeCaseConversion[member.key] ?? member.key,
                        value: member.value.value.restoringSnakeCaseKeys())
                })
        case .null, .bool, .number, .string:
            return self
        }
    }

    /// Whether the value is or holds an object: only then can a key strategy matter.
    var holdsObject: Bool {
        switch self {
        case .object: true
        case .array(let elements): elements.contains { $0.value.holdsObject }
        case .null, .bool, .number, .string: false
        }
    }
}
