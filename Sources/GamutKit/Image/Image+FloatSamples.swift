extension Image {
    /// The image with 32-bit float samples (from a float TIFF) converted to 16-bit in its own profile, for the
    /// analyzer, which reads 8- and 16-bit samples; values outside 0…1 are clipped, which a warning says. Integer
    /// images are returned unchanged.
    /// - Throws: ``GamutError`` from the conversion.
    func withIntegerSamples() throws(GamutError) -> Image {
        guard pixels.format.sample.isFloat else { return self }
        var result = try converted(to: profile, bitDepth: 16)
        result.colorSource = colorSource
        result.fileBitDepth = fileBitDepth
        result.warnings = warnings + ["32-bit float samples analyzed as 16-bit in the same profile (values outside 0…1 clipped)"]
        return result
    }
}
