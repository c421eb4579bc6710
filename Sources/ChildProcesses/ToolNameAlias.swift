import TextFormatting

/// The tool's name lives in TextFormatting, the lowest module, so that messages written below this one (the
/// history's) can say it too; the commands keep finding it here.
public typealias ToolName = TextFormatting.ToolName
