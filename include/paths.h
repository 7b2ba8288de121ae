/* paths.h — where the program finds its files: the program's policy, kept out of the engine
 * library (which reads no environment variable and no /proc; its functions are given
 * directories). Used by main.c and both front-ends. */
#ifndef ANTIETAM_PATHS_H
#define ANTIETAM_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/* The data directory into out: `given` (--data) when not NULL; else, in this order,
 * `data/` beside the program (a build tree), `../share/antietam` from the program's
 * directory (an installation under any PREFIX, DESTDIR or not), and the directory compiled
 * in (ANTIETAM_DATADIR, $(PREFIX)/share/antietam). A directory counts when it holds a
 * readable map.txt. False with err naming every place looked at when none does. */
bool paths_data_dir(const char *given, char *out, size_t outlen, char *err, size_t errlen);

/* The state directory of autosaves and `last`: $XDG_STATE_HOME/antietam (an absolute
 * XDG_STATE_HOME only, as the XDG base directory specification asks), else
 * $HOME/.local/state/antietam. False with err set when neither variable serves or the path
 * does not fit. The directory is not created (store_autosave does that). */
bool paths_state_dir(char *out, size_t outlen, char *err, size_t errlen);

/* The player's bound on the bytes of the autosaves in the state directory, for the match
 * (match_set_autosave) and the program's start to hold (store_hold_autosave_bound):
 * $ANTIETAM_AUTOSAVE_MB megabytes, else PATHS_AUTOSAVE_MB; a value that is not a number of
 * megabytes sets err (else left alone) and the default serves. */
#define PATHS_AUTOSAVE_MB 200
long long paths_autosave_bound(char *err, size_t errlen);

#endif
