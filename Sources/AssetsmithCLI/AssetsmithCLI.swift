/// AssetsmithCLI: subcommands, the pipeline and the diagnostic printer.
package enum AssetsmithMain {
    package static func main() {}
}
