/// A PNG file's rows as they are decoded, and the profile its color chunks give them: the one row source the streamed
/// analysis (``AnalysisPipeline``) and the streamed conversion (``ImageConversion``) read.
struct PNGRowSource: ~Copyable {
    /// The decoder, positioned at the first row.
    var decoder: PNGRowDecoder
    /// The profile the pixels are in.
    let profile: ColorProfile
    /// What the file's structure and color chunks made the decoder notice.
    let warnings: [String]

    /// Opens the rows of `file`, whose layout streams (``PNGFile/layout``, ``PNGChunkLayout/needsWholeImage``).
    /// - Throws: ``GamutError`` as the decoder and the color resolution do.
    init(_ file: PNGFile, options: ImageFile.DecodingOptions) throws(GamutError) {
        let layout = file.layout
        let decoder = try PNGRowDecoder(file, options: options)
        let color = try decoder.colorChunks(chunkTypes: layout.beforeData, options: options)
        let (profile, _, warnings) = try ColorResolver.resolve(color, path: file.path, options: options)
        self.decoder = decoder
        self.profile = profile
        self.warnings = layout.warnings + warnings
    }
}
