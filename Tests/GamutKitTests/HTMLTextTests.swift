@testable import GamutKit
import Testing

@Suite("HTML report captions")
struct HTMLTextTests {
    @Test("Words that belong together are one token; a parenthetical remark is not")
    func tokens() {
        let text =
            "(16384 px) differ by ΔE00 2.39 but color(display-p3 0.250 1.000 0.100) is shown on sRGB IEC61966-2.1: "
            + "[0,64 512×128] ≥ 1.0 ΔE00 apart (a long remark here)"
        #expect(
            HTMLText.tokens(text, phrases: ["sRGB IEC61966-2.1"]) == [
                "(16384 px)", "differ", "by", "ΔE00 2.39", "but", "color(display-p3 0.250 1.000 0.100)", "is", "shown", "on",
                "sRGB IEC61966-2.1:", "[0,64 512×128]", "≥ 1.0 ΔE00", "apart", "(a", "long", "remark", "here)",
            ])
    }

    @Test("Tokens with anything but letters are nowrap spans; paths break only after a slash; text is escaped")
    func markup() {
        #expect(
            HTMLText.caption("shown as <#00FF00> at 3 px")
                == #"shown as <span class="t">&lt;#00FF00&gt;</span> at <span class="t">3 px</span>"#)
        #expect(
            HTMLText.path("App.xcassets/Brand/Accent.colorset/Contents.json")
                == #"<span class="t">App.xcassets/</span><wbr><span class="t">Brand/</span><wbr><span class="t">Accent.colorset/</span><wbr><span class="t">Contents.json</span>"#
        )
        #expect(HTMLText.caption("color-collapse") == #"<span class="t">color-collapse</span>"#)
        #expect(HTMLText.caption("color(display-p3 0.1 0.98 0.15)") == #"<span class="t">color(display-p3 0.1 0.98 0.15)</span>"#)
    }
}
