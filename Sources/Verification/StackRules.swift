import AssetCore
import AssetPlan

/// Apple's facts about tvOS brand assets and tvOS and visionOS image stacks, as verify checks
/// them, read from a requirement table's `tv-icon` and `vision-icon` sections (the ones the
/// planner draws from), never re-typed here. `Verifier` checks brand-asset roles, stack layer
/// counts and layer sizes only when it is given these rules.
package struct StackRules: Hashable, Sendable {
    /// One entry a `.brandassets` must (or should) have.
    package struct BrandRole: Hashable, Sendable {
        /// `primary-app-icon`, `top-shelf-image`…
        package var role: String
        /// Points, as Contents.json writes them: `400x240`.
        package var size: String
        /// `Home Screen app icon stack`, `wide Top Shelf image`.
        package var what: String
        /// False: a warning when missing (App Store Connect takes the app without it).
        package var required: Bool
        /// How to make it, for the fix: `2 to 5 layers`, `@1x and @2x`.
        package var makeUp: String
    }

    /// Stacks first, then images, required ones before optional ones.
    package var brandRoles: [BrandRole]
    /// Layers a tvOS `.imagestack` may list (2 to 5).
    package var tvLayerCounts: ClosedRange<Int>
    /// The layer folders of a visionOS `.solidimagestack`, front to back (`Front`, `Middle`, `Back`).
    package var visionLayerNames: [String]
    /// The pixel size of every visionOS layer image (512 pt at 2x).
    package var visionLayerPixels: PixelSize

    /// The rules of `table`; nil when it has no tvOS or no visionOS section.
    package init?(table: RequirementTable) {
        guard let tv = table.tvIcon, let vision = table.visionIcon,
              let visionPixels = PointSize(parsing: vision.size)?.pixels(at: vision.scale) else { return nil }
        let counts = tv.layerCounts
        let stacks = tv.stacks.map {
            BrandRole(role: $0.role, size: $0.size, what: $0.use + " app icon stack", required: true,
                      makeUp: "\(counts.lowerBound) to \(counts.upperBound) layers")
        }
        let images = tv.images.map {
            BrandRole(role: $0.role, size: $0.size, what: $0.use + " image", required: $0.required ?? true,
                      makeUp: $0.scales.map { "@" + $0.rawValue }.joined(separator: " and "))
        }
        brandRoles = stacks + images.filter(\.required) + images.filter { !$0.required }
        tvLayerCounts = counts
        visionLayerNames = vision.layerNames.values.max { $0.count < $1.count } ?? []
        visionLayerPixels = visionPixels
    }

    /// `Front, Middle and Back`
    package var visionLayerList: String {
        guard let last = visionLayerNames.last, visionLayerNames.count > 1 else { return visionLayerNames.joined() }
        return visionLayerNames.dropLast().joined(separator: ", ") + " and " + last
    }
}
