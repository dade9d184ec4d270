import Foundation

extension Rule {
    /// A small input declared with its rule: one on which the rule reports (a triggering example) or one on which it
    /// doesn't (a non-triggering example). The test suite checks every example with ``AssetChecker`` (advisory rules
    /// shown), and `gamut-check rules ID` prints them.
    public struct Example: Sendable, Hashable {
        /// What the example holds, for people.
        public var summary: String
        /// The example's files, by path relative to its folder. A path under a folder named `*.xcassets` is part of that
        /// asset catalog (its root `Contents.json` is written when not given); the others are image files checked alone.
        public var files: [String: File]
        /// Whether the rule's finding for this example is its advice (at info, shown with `--advisory`) rather than a
        /// finding at its severity: a clip that keeps its hue, a color with no declared role, 8-bit art without bands.
        /// A triggering example that is advice gets the advice; a non-triggering one gets the advice and nothing more.
        public var isAdvice = false

        /// A file of an example: text, bytes, or an image GamutKit writes.
        ///
        /// A struct of optionals rather than an enum with payloads: the rules hold examples in static storage, and an
        /// enum would keep its case in the spare bits of the payload's pointers, which LeakSanitizer then doesn't
        /// recognize as references (it reports the arrays as leaked when a process exits).
        public struct File: Sendable, Hashable {
            /// The file's bytes (UTF-8 for text), written as they are unless ``image`` is given.
            public var bytes: [UInt8] = []
            /// An image GamutKit writes as a PNG instead of ``bytes``.
            public var image: ExampleImage?

            /// A text file, such as a `Contents.json` or a policy.
            public static func text(_ text: String) -> File { File(bytes: Array(text.utf8)) }
            /// A file of these bytes, such as one another encoder wrote.
            public static func bytes(_ bytes: [UInt8]) -> File { File(bytes: bytes) }
            /// An image GamutKit writes as a PNG.
            public static func image(_ image: ExampleImage) -> File { File(image: image) }
        }

        /// Creates an example.
        public init(_ summary: String, _ files: [String: File]) {
            self.summary = summary
            self.files = files
        }

        /// The example, its finding being the rule's advice (``isAdvice``).
        public func advisory() -> Example {
            var example = self
            example.isAdvice = true
            return example
        }

        /// Writes the example's files under `folder` (which must exist) and returns what to check: the image files
        /// outside catalogs and the catalogs, as ``AssetChecker/check(files:catalogs:options:progress:)`` takes them.
        /// - Throws: ``GamutError`` `.io` when a file can't be written, or an encoder's error.
        public func write(into folder: String) throws(GamutError) -> (files: [String], catalogs: [String]) {
            let root = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
            var files: [String] = []
            var catalogs: Set<String> = []
            for (relative, file) in self.files.sorted(by: { $0.key < $1.key }) {
                let path = root + "/" + relative
                let directory = (path as NSString).deletingLastPathComponent
                do {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                } catch {
                    throw GamutError(.io, "can't create the folder: \(error.localizedDescription)", path: directory)
                }
                if let image = file.image {
                    try image.write(to: path)
                } else {
                    try FileIO.writeAtomically(file.bytes, to: path)
                }
                let parts = relative.split(separator: "/")
                if let catalog = parts.firstIndex(where: { $0.hasSuffix(".xcassets") }) {
                    catalogs.insert(root + "/" + parts[...catalog].joined(separator: "/"))
                } else {
                    files.append(path)
                }
            }
            for catalog in catalogs where !FileManager.default.fileExists(atPath: catalog + "/Contents.json") {
                try FileIO.writeAtomically(Array(Self.catalogRoot.utf8), to: catalog + "/Contents.json")
            }
            return (files, catalogs.sorted())
        }

        /// An asset catalog's root `Contents.json`, as Xcode writes it.
        static let catalogRoot = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    }
}

/// An image an example declares: vertical bands of colors, or a ramp, in a profile, at a depth.
public struct ExampleImage: Sendable, Hashable {
    /// What the pixels hold: equal vertical bands of encoded colors, or a ramp between two. (A struct, not an enum with
    /// payloads, for the reason ``Rule/Example/File`` gives.)
    public struct Content: Sendable, Hashable {
        /// The encoded colors (components 0…1): the bands left to right, or the ramp's two ends.
        public var colors: [[Double]]
        /// Whether the colors are a ramp's ends rather than bands.
        public var isRamp: Bool

        /// Equal vertical bands of these encoded colors, left to right.
        public static func bands(_ colors: [[Double]]) -> Content { Content(colors: colors, isRamp: false) }
        /// A ramp from `from` at the left edge to `to` at the right.
        public static func ramp(_ from: [Double], _ to: [Double]) -> Content { Content(colors: [from, to], isRamp: true) }
    }

    /// The profile the components are in, embedded in the file; nil writes no profile at all (an untagged image).
    public var profile: ColorProfile.BuiltIn?
    /// 8 or 16 bits per channel.
    public var bitDepth: Int
    /// The size in pixels.
    public var width: Int, height: Int
    /// The pixels.
    public var content: Content

    /// Creates an image description; the default is a 16-bit Display P3 image of 64×32.
    public init(
        _ content: Content, profile: ColorProfile.BuiltIn? = .displayP3, bitDepth: Int = 16, width: Int = 64, height: Int = 32
    ) {
        self.content = content
        self.profile = profile
        self.bitDepth = bitDepth
        self.width = width
        self.height = height
    }

    /// The encoded color of column `x`.
    func color(atColumn x: Int) -> [Double] {
        let colors = content.colors
        guard content.isRamp else { return colors[min(colors.count - 1, x * colors.count / width)] }
        let t = width > 1 ? Double(x) / Double(width - 1) : 0
        return zip(colors[0], colors[1]).map { $0 + ($1 - $0) * t }
    }

    /// Writes the image as a PNG at `path`.
    func write(to path: String) throws(GamutError) {
        let row = (0..<width).flatMap(color(atColumn:))
        let samples = (0..<height).flatMap { _ in row }
        let pixels: PixelBuffer
        if bitDepth == 16 {
            pixels = try PixelBuffer(
                width: width, height: height, layout: .rgb, samples: samples.map { UInt16(($0 * 65535).rounded()) })
        } else {
            pixels = try PixelBuffer(width: width, height: height, layout: .rgb, samples: samples.map { UInt8(($0 * 255).rounded()) })
        }
        var options = PNG.EncodingOptions()
        options.embedProfile = profile != nil
        try PNG.write(Image(pixels: pixels, profile: profile.map(ColorProfile.builtIn) ?? .sRGB), to: path, options: options)
    }
}
