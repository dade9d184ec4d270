// The published system color values, verbatim from Apple's HIG (Color > Specifications) as collected in
// the project's shared/hig/system-colors.json. SystemColorsTests checks this copy against that file when it is present.
// Regenerate by pasting the file between the delimiters.

extension SystemColors {
    static let publishedJSON = #"""
        {
         "about": "System color values from Apple's Human Interface Guidelines (Color > Specifications) as 8-bit R,G,B components. The HIG table does not name their color space; treat them as sRGB, the platforms' default. 'current' is the unified table of the June 2025 revision; 'legacy' holds the earlier per-platform tables, which many apps still hard-code. Per entry: default light, default dark, increased-contrast light, increased-contrast dark (visionOS lists one value: it uses dark values). The HIG says not to hard-code these: apps should use the system color APIs.",
         "componentSpace": "srgb-8bit",
         "current": [
          {
           "name": "Red",
           "api": "red",
           "light": [255, 56, 60],
           "dark": [255, 66, 69],
           "highContrastLight": [233, 21, 45],
           "highContrastDark": [255, 97, 101]
          },
          {
           "name": "Orange",
           "api": "orange",
           "light": [255, 141, 40],
           "dark": [255, 146, 48],
           "highContrastLight": [197, 83, 0],
           "highContrastDark": [255, 160, 86]
          },
          {
           "name": "Yellow",
           "api": "yellow",
           "light": [255, 204, 0],
           "dark": [255, 214, 0],
           "highContrastLight": [161, 106, 0],
           "highContrastDark": [254, 223, 67]
          },
          {
           "name": "Green",
           "api": "green",
           "light": [52, 199, 89],
           "dark": [48, 209, 88],
           "highContrastLight": [0, 137, 50],
           "highContrastDark": [74, 217, 104]
          },
          {
           "name": "Mint",
           "api": "mint",
           "light": [0, 200, 179],
           "dark": [0, 218, 195],
           "highContrastLight": [0, 133, 117],
           "highContrastDark": [84, 223, 203]
          },
          {
           "name": "Teal",
           "api": "teal",
           "light": [0, 195, 208],
           "dark": [0, 210, 224],
           "highContrastLight": [0, 129, 152],
           "highContrastDark": [59, 221, 236]
          },
          {
           "name": "Cyan",
           "api": "cyan",
           "light": [0, 192, 232],
           "dark": [60, 211, 254],
           "highContrastLight": [0, 126, 174],
           "highContrastDark": [109, 217, 255]
          },
          {
           "name": "Blue",
           "api": "blue",
           "light": [0, 136, 255],
           "dark": [0, 145, 255],
           "highContrastLight": [30, 110, 244],
           "highContrastDark": [92, 184, 255]
          },
          {
           "name": "Indigo",
           "api": "indigo",
           "light": [97, 85, 245],
           "dark": [109, 124, 255],
           "highContrastLight": [86, 74, 222],
           "highContrastDark": [167, 170, 255]
          },
          {
           "name": "Purple",
           "api": "purple",
           "light": [203, 48, 224],
           "dark": [219, 52, 242],
           "highContrastLight": [176, 47, 194],
           "highContrastDark": [234, 141, 255]
          },
          {
           "name": "Pink",
           "api": "pink",
           "light": [255, 45, 85],
           "dark": [255, 55, 95],
           "highContrastLight": [231, 18, 77],
           "highContrastDark": [255, 138, 196]
          },
          {
           "name": "Brown",
           "api": "brown",
           "light": [172, 127, 94],
           "dark": [183, 138, 102],
           "highContrastLight": [149, 109, 81],
           "highContrastDark": [219, 166, 121]
          },
          {
           "name": "Gray",
           "api": "systemGray",
           "light": [142, 142, 147],
           "dark": [142, 142, 147],
           "highContrastLight": [108, 108, 112],
           "highContrastDark": [174, 174, 178]
          },
          {
           "name": "Gray (2)",
           "api": "systemGray2",
           "light": [174, 174, 178],
           "dark": [99, 99, 102],
           "highContrastLight": [142, 142, 147],
           "highContrastDark": [124, 124, 128]
          },
          {
           "name": "Gray (3)",
           "api": "systemGray3",
           "light": [199, 199, 204],
           "dark": [72, 72, 74],
           "highContrastLight": [174, 174, 178],
           "highContrastDark": [84, 84, 86]
          },
          {
           "name": "Gray (4)",
           "api": "systemGray4",
           "light": [209, 209, 214],
           "dark": [58, 58, 60],
           "highContrastLight": [188, 188, 192],
           "highContrastDark": [68, 68, 70]
          },
          {
           "name": "Gray (5)",
           "api": "systemGray5",
           "light": [229, 229, 234],
           "dark": [44, 44, 46],
           "highContrastLight": [216, 216, 220],
           "highContrastDark": [54, 54, 56]
          },
          {
           "name": "Gray (6)",
           "api": "systemGray6",
           "light": [242, 242, 247],
           "dark": [28, 28, 30],
           "highContrastLight": [235, 235, 240],
           "highContrastDark": [36, 36, 38]
          }
         ],
         "legacy": {
          "iOS": [
           {
            "name": "Red",
            "api": "red",
            "light": [255, 59, 48],
            "dark": [255, 69, 58],
            "highContrastLight": [215, 0, 21],
            "highContrastDark": [255, 105, 97]
           },
           {
            "name": "Orange",
            "api": "orange",
            "light": [255, 149, 0],
            "dark": [255, 159, 10],
            "highContrastLight": [201, 52, 0],
            "highContrastDark": [255, 179, 64]
           },
           {
            "name": "Yellow",
            "api": "yellow",
            "light": [255, 204, 0],
            "dark": [255, 214, 10],
            "highContrastLight": [178, 80, 0],
            "highContrastDark": [255, 212, 38]
           },
           {
            "name": "Green",
            "api": "green",
            "light": [52, 199, 89],
            "dark": [48, 209, 88],
            "highContrastLight": [36, 138, 61],
            "highContrastDark": [48, 219, 91]
           },
           {
            "name": "Mint",
            "api": "mint",
            "light": [0, 199, 190],
            "dark": [102, 212, 207],
            "highContrastLight": [12, 129, 123],
            "highContrastDark": [102, 212, 207]
           },
           {
            "name": "Teal",
            "api": "teal",
            "light": [48, 176, 199],
            "dark": [64, 200, 224],
            "highContrastLight": [0, 130, 153],
            "highContrastDark": [93, 230, 255]
           },
           {
            "name": "Cyan",
            "api": "cyan",
            "light": [50, 173, 230],
            "dark": [100, 210, 255],
            "highContrastLight": [0, 113, 164],
            "highContrastDark": [112, 215, 255]
           },
           {
            "name": "Blue",
            "api": "blue",
            "light": [0, 122, 255],
            "dark": [10, 132, 255],
            "highContrastLight": [0, 64, 221],
            "highContrastDark": [64, 156, 255]
           },
           {
            "name": "Indigo",
            "api": "indigo",
            "light": [88, 86, 214],
            "dark": [94, 92, 230],
            "highContrastLight": [54, 52, 163],
            "highContrastDark": [125, 122, 255]
           },
           {
            "name": "Purple",
            "api": "purple",
            "light": [175, 82, 222],
            "dark": [191, 90, 242],
            "highContrastLight": [137, 68, 171],
            "highContrastDark": [218, 143, 255]
           },
           {
            "name": "Pink",
            "api": "pink",
            "light": [255, 45, 85],
            "dark": [255, 55, 95],
            "highContrastLight": [211, 15, 69],
            "highContrastDark": [255, 100, 130]
           },
           {
            "name": "Brown",
            "api": "brown",
            "light": [165, 132, 94],
            "dark": [172, 142, 104],
            "highContrastLight": [127, 101, 69],
            "highContrastDark": [181, 148, 105]
           }
          ],
          "iOS-gray": [
           {
            "name": "Gray",
            "api": "gray",
            "light": [142, 142, 147],
            "dark": [142, 142, 147],
            "highContrastLight": [108, 108, 112],
            "highContrastDark": [174, 174, 178]
           },
           {
            "name": "Gray (2)",
            "api": "systemGray2",
            "light": [174, 174, 178],
            "dark": [99, 99, 102],
            "highContrastLight": [142, 142, 147],
            "highContrastDark": [124, 124, 128]
           },
           {
            "name": "Gray (3)",
            "api": "systemGray3",
            "light": [199, 199, 204],
            "dark": [72, 72, 74],
            "highContrastLight": [174, 174, 178],
            "highContrastDark": [84, 84, 86]
           },
           {
            "name": "Gray (4)",
            "api": "systemGray4",
            "light": [209, 209, 214],
            "dark": [58, 58, 60],
            "highContrastLight": [188, 188, 192],
            "highContrastDark": [68, 68, 70]
           },
           {
            "name": "Gray (5)",
            "api": "systemGray5",
            "light": [229, 229, 234],
            "dark": [44, 44, 46],
            "highContrastLight": [216, 216, 220],
            "highContrastDark": [54, 54, 56]
           },
           {
            "name": "Gray (6)",
            "api": "systemGray6",
            "light": [242, 242, 247],
            "dark": [28, 28, 30],
            "highContrastLight": [235, 235, 240],
            "highContrastDark": [36, 36, 38]
           }
          ],
          "macOS": [
           {
            "name": "Red",
            "api": "red",
            "light": [255, 59, 48],
            "dark": [255, 69, 58],
            "highContrastLight": [215, 0, 21],
            "highContrastDark": [255, 105, 97]
           },
           {
            "name": "Orange",
            "api": "orange",
            "light": [255, 149, 0],
            "dark": [255, 159, 10],
            "highContrastLight": [201, 52, 0],
            "highContrastDark": [255, 179, 64]
           },
           {
            "name": "Yellow",
            "api": "yellow",
            "light": [255, 204, 0],
            "dark": [255, 214, 10],
            "highContrastLight": [160, 90, 0],
            "highContrastDark": [255, 212, 38]
           },
           {
            "name": "Green",
            "api": "green",
            "light": [40, 205, 65],
            "dark": [50, 215, 75],
            "highContrastLight": [0, 125, 27],
            "highContrastDark": [49, 222, 75]
           },
           {
            "name": "Mint",
            "api": "mint",
            "light": [0, 199, 190],
            "dark": [102, 212, 207],
            "highContrastLight": [12, 129, 123],
            "highContrastDark": [102, 212, 207]
           },
           {
            "name": "Teal",
            "api": "teal",
            "light": [89, 173, 196],
            "dark": [106, 196, 220],
            "highContrastLight": [0, 130, 153],
            "highContrastDark": [93, 230, 255]
           },
           {
            "name": "Cyan",
            "api": "cyan",
            "light": [85, 190, 240],
            "dark": [90, 200, 245],
            "highContrastLight": [0, 113, 164],
            "highContrastDark": [112, 215, 255]
           },
           {
            "name": "Blue",
            "api": "blue",
            "light": [0, 122, 255],
            "dark": [10, 132, 255],
            "highContrastLight": [0, 64, 221],
            "highContrastDark": [64, 156, 255]
           },
           {
            "name": "Indigo",
            "api": "indigo",
            "light": [88, 86, 214],
            "dark": [94, 92, 230],
            "highContrastLight": [54, 52, 163],
            "highContrastDark": [125, 122, 255]
           },
           {
            "name": "Purple",
            "api": "purple",
            "light": [175, 82, 222],
            "dark": [191, 90, 242],
            "highContrastLight": [173, 68, 171],
            "highContrastDark": [218, 143, 255]
           },
           {
            "name": "Pink",
            "api": "pink",
            "light": [255, 45, 85],
            "dark": [255, 55, 95],
            "highContrastLight": [211, 15, 69],
            "highContrastDark": [255, 100, 130]
           },
           {
            "name": "Brown",
            "api": "brown",
            "light": [162, 132, 94],
            "dark": [172, 142, 104],
            "highContrastLight": [127, 101, 69],
            "highContrastDark": [181, 148, 105]
           },
           {
            "name": "Gray",
            "api": "gray",
            "light": [142, 142, 147],
            "dark": [152, 152, 157],
            "highContrastLight": [105, 105, 110],
            "highContrastDark": [152, 152, 157]
           }
          ],
          "macOS-vibrant": [
           {
            "name": "Red",
            "api": "red",
            "light": [255, 49, 38],
            "dark": [255, 79, 68],
            "highContrastLight": [194, 6, 24],
            "highContrastDark": [255, 65, 54]
           },
           {
            "name": "Orange",
            "api": "orange",
            "light": [245, 139, 0],
            "dark": [255, 169, 20],
            "highContrastLight": [173, 58, 0],
            "highContrastDark": [255, 179, 64]
           },
           {
            "name": "Yellow",
            "api": "yellow",
            "light": [245, 194, 0],
            "dark": [255, 169, 20],
            "highContrastLight": [146, 81, 0],
            "highContrastDark": [255, 212, 38]
           },
           {
            "name": "Green",
            "api": "green",
            "light": [30, 195, 55],
            "dark": [60, 225, 85],
            "highContrastLight": [0, 112, 24],
            "highContrastDark": [49, 222, 75]
           },
           {
            "name": "Mint",
            "api": "mint",
            "light": [0, 189, 180],
            "dark": [108, 224, 219],
            "highContrastLight": [11, 117, 112],
            "highContrastDark": [102, 212, 207]
           },
           {
            "name": "Teal",
            "api": "teal",
            "light": [46, 167, 189],
            "dark": [68, 212, 237],
            "highContrastLight": [0, 119, 140],
            "highContrastDark": [93, 230, 255]
           },
           {
            "name": "Cyan",
            "api": "cyan",
            "light": [65, 175, 220],
            "dark": [90, 205, 250],
            "highContrastLight": [0, 103, 150],
            "highContrastDark": [112, 215, 255]
           },
           {
            "name": "Blue",
            "api": "blue",
            "light": [0, 112, 245],
            "dark": [20, 142, 255],
            "highContrastLight": [0, 64, 221],
            "highContrastDark": [64, 156, 255]
           },
           {
            "name": "Indigo",
            "api": "indigo",
            "light": [84, 82, 204],
            "dark": [99, 97, 242],
            "highContrastLight": [54, 52, 163],
            "highContrastDark": [125, 122, 255]
           },
           {
            "name": "Purple",
            "api": "purple",
            "light": [159, 75, 201],
            "dark": [204, 101, 255],
            "highContrastLight": [173, 68, 171],
            "highContrastDark": [218, 143, 255]
           },
           {
            "name": "Pink",
            "api": "pink",
            "light": [245, 35, 75],
            "dark": [255, 65, 105],
            "highContrastLight": [193, 16, 50],
            "highContrastDark": [255, 58, 95]
           },
           {
            "name": "Brown",
            "api": "brown",
            "light": [152, 122, 84],
            "dark": [182, 152, 114],
            "highContrastLight": [119, 93, 59],
            "highContrastDark": [181, 148, 105]
           },
           {
            "name": "Gray",
            "api": "gray",
            "light": [132, 132, 137],
            "dark": [162, 162, 167],
            "highContrastLight": [97, 97, 101],
            "highContrastDark": [152, 152, 157]
           }
          ],
          "visionOS": [
           {
            "name": "Red",
            "api": "red",
            "light": [255, 69, 58]
           },
           {
            "name": "Orange",
            "api": "orange",
            "light": [255, 159, 10]
           },
           {
            "name": "Yellow",
            "api": "yellow",
            "light": [255, 214, 10]
           },
           {
            "name": "Green",
            "api": "green",
            "light": [50, 215, 75]
           },
           {
            "name": "Mint",
            "api": "mint",
            "light": [102, 212, 207]
           },
           {
            "name": "Teal",
            "api": "teal",
            "light": [106, 196, 220]
           },
           {
            "name": "Cyan",
            "api": "cyan",
            "light": [90, 200, 245]
           },
           {
            "name": "Blue",
            "api": "blue",
            "light": [10, 132, 255]
           },
           {
            "name": "Indigo",
            "api": "indigo",
            "light": [94, 92, 230]
           },
           {
            "name": "Purple",
            "api": "purple",
            "light": [191, 90, 242]
           },
           {
            "name": "Pink",
            "api": "pink",
            "light": [255, 55, 95]
           },
           {
            "name": "Brown",
            "api": "brown",
            "light": [172, 142, 104]
           },
           {
            "name": "Gray",
            "api": "gray",
            "light": [152, 152, 157]
           }
          ],
          "watchOS": [
           {
            "name": "Red",
            "api": "red",
            "light": [246, 52, 40],
            "dark": [255, 59, 48],
            "highContrastLight": [215, 0, 21],
            "highContrastDark": [255, 105, 97]
           },
           {
            "name": "Orange",
            "api": "orange",
            "light": [255, 140, 0],
            "dark": [255, 149, 0],
            "highContrastLight": [177, 90, 0],
            "highContrastDark": [255, 179, 64]
           },
           {
            "name": "Yellow",
            "api": "yellow",
            "light": [255, 204, 0],
            "dark": [255, 214, 10],
            "highContrastLight": [143, 116, 0],
            "highContrastDark": [255, 242, 97]
           },
           {
            "name": "Green",
            "api": "green",
            "light": [2, 212, 106],
            "dark": [4, 222, 113],
            "highContrastLight": [0, 134, 74],
            "highContrastDark": [12, 255, 134]
           },
           {
            "name": "Mint",
            "api": "mint",
            "light": [0, 199, 190],
            "dark": [0, 245, 234],
            "highContrastLight": [12, 129, 123],
            "highContrastDark": [108, 255, 249]
           },
           {
            "name": "Teal",
            "api": "teal",
            "light": [48, 176, 199],
            "dark": [64, 200, 224],
            "highContrastLight": [0, 130, 153],
            "highContrastDark": [93, 230, 255]
           },
           {
            "name": "Cyan",
            "api": "cyan",
            "light": [50, 173, 230],
            "dark": [90, 200, 250],
            "highContrastLight": [0, 113, 164],
            "highContrastDark": [112, 215, 255]
           },
           {
            "name": "Blue",
            "api": "blue",
            "light": [0, 122, 255],
            "dark": [32, 148, 250],
            "highContrastLight": [0, 64, 221],
            "highContrastDark": [90, 168, 255]
           },
           {
            "name": "Indigo",
            "api": "indigo",
            "light": [88, 86, 214],
            "dark": [120, 122, 255],
            "highContrastLight": [54, 52, 163],
            "highContrastDark": [155, 153, 255]
           },
           {
            "name": "Purple",
            "api": "purple",
            "light": [175, 82, 222],
            "dark": [191, 90, 242],
            "highContrastLight": [137, 68, 171],
            "highContrastDark": [218, 143, 255]
           },
           {
            "name": "Pink",
            "api": "pink",
            "light": [234, 14, 74],
            "dark": [250, 17, 79],
            "highContrastLight": [211, 15, 69],
            "highContrastDark": [255, 100, 130]
           },
           {
            "name": "Brown",
            "api": "brown",
            "light": [162, 132, 94],
            "dark": [172, 142, 104],
            "highContrastLight": [127, 101, 69],
            "highContrastDark": [219, 178, 124]
           }
          ]
         }
        }
        """#
}
