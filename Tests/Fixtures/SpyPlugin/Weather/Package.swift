// swift-tools-version: 6.1

import PackageDescription

// A dependency of the SpyPlugin fixture: one product of two modules, each with a public
// protocol, whose spies `generate-spies --module` and `--product` write for the package that
// depends on it.
let package = Package(
  name: "Weather",
  products: [
    .library(name: "Weather", targets: ["WeatherCore", "WeatherAlerts"])
  ],
  targets: [
    .target(name: "WeatherCore"),
    .target(name: "WeatherAlerts", dependencies: ["WeatherCore"]),
  ],
  swiftLanguageModes: [.v6]
)
