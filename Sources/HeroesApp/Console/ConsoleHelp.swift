/// What `?` prints on each screen of the console.
enum ConsoleHelp {
    static let list = """
        On the list:
          n            next page
          p            previous page
          /TEXT        search code names and powers; / alone shows everyone again
          t            list the teams
          t TEAM       only heroes of team TEAM; t - shows every team's heroes again
          ROW or ID    open a hero: its row number (the # column) or its id
          s            sync the offline cache (Ctrl-C cancels)
          ?            this help
          q            quit (so do Ctrl-C and Ctrl-D here)
        """

    static let details = """
        On a hero:
          e            edit: each field is asked with its current value; Enter keeps it
          d            delete (asks first)
          i            save the picture as ID.png here, with progress (Ctrl-C cancels)
          b or Enter   back to the list (so does Ctrl-C)
          ?            this help
          q            quit
        """
}
