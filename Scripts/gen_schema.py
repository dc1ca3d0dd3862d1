#!/usr/bin/env python3
"""Writes Sources/ModalModel/Model/ModalSchema.swift: the JSON Schema (draft 2020-12) of the modal format.

Run from the repository root: python3 Scripts/gen_schema.py
The schema is kept in step with FORMAT.md by tests (every sample is accepted, every invalid one rejected), and
its keys, required keys and enumerated values with ModalModel's FormatVocabulary (FormatVocabularyTests).
"""
import json
import pathlib

NAMED_COLORS = """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet
brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred
darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray
green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen
lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink
lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen
linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy
oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip
peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal
thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent""".split()


def case_insensitive(name):
    # JSON Schema patterns use the ECMA-262 dialect, which has no inline (?i) flag.
    return "".join("[%s%s]" % (c, c.upper()) for c in name)


def schema():
    offset = {
        "description": "UTF-16 code units (JavaScript string indices, NSRange); 7.0 counts as 7",
        "anyOf": [{"type": "integer", "minimum": 0}, {"type": "number", "minimum": 0, "multipleOf": 1}],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://modalkit.invalid/schema/modal.schema.json",
        "title": "ModalKit modal document",
        "description": "An array of modals, or one modal. As strict as `modalkit validate --strict` where a schema "
        "can say it: unknown keys are rejected. What a schema cannot express (ranges inside msg, surrogate and "
        "grapheme boundaries, app-command data) is checked by `modalkit validate`.",
        "anyOf": [{"type": "array", "items": {"$ref": "#/$defs/modal"}}, {"$ref": "#/$defs/modal"}],
        "$defs": {
            "modal": {
                "type": "object", "required": ["msg"], "additionalProperties": False,
                "properties": {
                    "msg": {"type": "string", "description": "The message text."},
                    "styles": {"type": "array", "items": {"$ref": "#/$defs/style"}},
                    "buttons": {"type": "array", "items": {"$ref": "#/$defs/button"}},
                    "text_align": {"enum": ["left", "center", "right", "start", "end"]},
                    "direction": {"enum": ["ltr", "rtl", "auto"]},
                    "max_lines": {"anyOf": [{"type": "integer", "minimum": 1},
                                            {"type": "number", "minimum": 1, "multipleOf": 1}]},
                },
            },
            "style": {
                "type": "object", "required": ["apply_to"], "additionalProperties": False,
                "properties": {
                    "apply_to": {
                        "type": "object", "required": ["from", "length"], "additionalProperties": False,
                        "properties": {"from": offset, "length": offset},
                    },
                    "font_style": {"enum": ["normal", "bold", "italic", "bold_italic", "underline", "strikethrough"]},
                    "underline": {"type": "boolean"},
                    "strikethrough": {"type": "boolean"},
                    # FontSizeLimits.drawablePoints; FormatVocabularyTests holds the two equal.
                    "font_size": {"type": "number", "minimum": 1, "maximum": 1000,
                                  "description": "points; 6 to 200 reads well on a phone"},
                    "color": {"$ref": "#/$defs/color"},
                    "bg_color": {"$ref": "#/$defs/color"},
                    "link": {"$ref": "#/$defs/action"},
                },
            },
            "button": {
                "type": "object", "required": ["label", "action"], "additionalProperties": False,
                "properties": {
                    "label": {"type": "string", "minLength": 1, "pattern": "\\S"},
                    "action": {"$ref": "#/$defs/action"},
                    "bg_color": {"$ref": "#/$defs/color"},
                    "fg_color": {"$ref": "#/$defs/color"},
                },
            },
            "color": {
                "type": "string",
                "description": "#RGB, #RGBA, #RRGGBB or #RRGGBBAA (CSS order: alpha last), or a CSS named colour",
                "anyOf": [
                    {"pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
                    {"pattern": "^(" + "|".join(case_insensitive(n) for n in NAMED_COLORS) + ")$"},
                ],
            },
            "action": {
                "type": "string", "minLength": 1, "pattern": "^\\S(.*\\S)?$",
                "description": "close, next, prev; an https:, http:, mailto: or tel: URL; open_url:URL; "
                "SCHEME://invoke/cmd/NAME[/data/PERCENT-ENCODED-JSON]; or a custom action name",
            },
        },
    }


def main():
    text = json.dumps(schema(), indent=2, ensure_ascii=True)
    swift = (
        "/// The JSON Schema (draft 2020-12) of the modal format, for editors and other tools.\n"
        "///\n"
        "/// Generated by Scripts/gen_schema.py, do not edit.\n"
        "package enum ModalSchema {\n"
        "    /// The schema document.\n"
        '    package static let text = #"""\n'
        + "".join("        " + line + "\n" for line in text.splitlines())
        + "\n"
        + '        """#\n}\n'
    )
    out = pathlib.Path(__file__).resolve().parent.parent / "Sources/ModalModel/Model/ModalSchema.swift"
    out.write_text(swift)


if __name__ == "__main__":
    main()
