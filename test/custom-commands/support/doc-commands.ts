// The example command files of the Gemini CLI's documentation, verbatim
// (google-gemini/gemini-cli docs/cli/custom-commands.md at 5411f113, the same file in the
// @google/gemini-cli 0.61.0 package), at the paths the documentation gives them.

export const GIT_FIX = `# Invoked via: /git:fix "Button is misaligned"

description = "Generates a fix for a given issue."
prompt = "Please provide a code fix for the issue described here: {{args}}."
`;

export const GREP_CODE = `prompt = """
Please summarize the findings for the pattern \`{{args}}\`.

Search Results:
!{grep -r {{args}} .}
"""
`;

export const CHANGELOG = `# In: <project>/.gemini/commands/changelog.toml
# Invoked via: /changelog 1.2.0 added "Support for default argument parsing."

description = "Adds a new entry to the project's CHANGELOG.md file."
prompt = """
# Task: Update Changelog

You are an expert maintainer of this software project. A user has invoked a command to add a new entry to the changelog.

**The user's raw command is appended below your instructions.**

Your task is to parse the \`<version>\`, \`<change_type>\`, and \`<message>\` from their input and use the \`write_file\` tool to correctly update the \`CHANGELOG.md\` file.

## Expected Format
The command follows this format: \`/changelog <version> <type> <message>\`
- \`<type>\` must be one of: "added", "changed", "fixed", "removed".

## Behavior
1. Read the \`CHANGELOG.md\` file.
2. Find the section for the specified \`<version>\`.
3. Add the \`<message>\` under the correct \`<type>\` heading.
4. If the version or type section doesn't exist, create it.
5. Adhere strictly to the "Keep a Changelog" format.
"""
`;

export const GIT_COMMIT = `# In: <project>/.gemini/commands/git/commit.toml
# Invoked via: /git:commit

description = "Generates a Git commit message based on staged changes."

# The prompt uses !{...} to execute the command and inject its output.
prompt = """
Please generate a Conventional Commit message based on the following git diff:

\`\`\`diff
!{git diff --staged}
\`\`\`

"""
`;

export const REVIEW = `# In: <project>/.gemini/commands/review.toml
# Invoked via: /review FileCommandLoader.ts

description = "Reviews the provided context using a best practice guide."
prompt = """
You are an expert code reviewer.

Your task is to review {{args}}.

Use the following best practices when providing your review:

@{docs/best-practices.md}
"""
`;

/** The examples at their documented paths in a repository. */
export const DOCS_COMMANDS: Record<string, string> = {
  '.gemini/commands/git/fix.toml': GIT_FIX,
  '.gemini/commands/grep-code.toml': GREP_CODE,
  '.gemini/commands/changelog.toml': CHANGELOG,
  '.gemini/commands/git/commit.toml': GIT_COMMIT,
  '.gemini/commands/review.toml': REVIEW,
};
