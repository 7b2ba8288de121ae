/* store.c — owns how position files reach the disk: atomic saving, loading, and the autosaves of each game
 * with the `last` pointer that `antietam --resume` follows, in a state directory the
 * program gives (the engine reads no environment: include/paths.h finds it).
 *
 * Atomic means a crash or a full disk never leaves a half-written file under the name the
 * user chose: the text goes to a temporary file in the same directory, is flushed and
 * fsync'd, and only then renamed over the old file; the directory is fsync'd so the rename
 * itself survives a crash. */
#include "position.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "datafile.h"

/* ---- atomic files ---- */

/* The directory part of path ("." when it has none). */
static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

static bool sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return false;
	/* Some file systems cannot fsync a directory; the rename has been made all the same. */
	bool ok = fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
	close(fd);
	return ok;
}

/* The marker of a temporary file's name: ".BASE.tmp-XXXXXX" beside the file it becomes. */
#define TMP_MARK ".tmp-"

/* Where a save to `path` really writes and with what mode: a symlink is followed to the file
 * it names (the link stays a link) when follow is true, else refused (the state directory's
 * files: issue 33, a planted `last` link had its target overwritten); an existing file must be a regular file with one link
 * (replacing it keeps its mode); a new file gets 0666 less the umask. False with err set
 * when the save must not happen. */
static bool save_target(const char *path, bool follow, char *target, size_t len, mode_t *mode,
			char *err, size_t errlen)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
			return false;
		}
		mode_t mask = umask(022);
		umask(mask);
		*mode = 0666 & ~mask;
		snprintf(target, len, "%s", path);
		return true;
	}
	if (S_ISLNK(st.st_mode) && !follow) {
		snprintf(err, errlen, "%s: cannot save: a symbolic link, in the state directory where "
			 "every file is the program's own; nothing written (remove the link)", path);
		return false;
	}
	if (S_ISLNK(st.st_mode)) {
		char real[PATH_MAX];
		if (!realpath(path, real)) {
			snprintf(err, errlen, "%s: cannot save: a symbolic link to nothing (%s)", path,
				 strerror(errno));
			return false;
		}
		if (strlen(real) >= len) {
			snprintf(err, errlen, "%s: cannot save: the link's target path is too long", path);
			return false;
		}
		snprintf(target, len, "%s", real);
		if (stat(real, &st) != 0) {
			snprintf(err, errlen, "%s: cannot save: %s", path, strerror(errno));
			return false;
		}
	} else {
		snprintf(target, len, "%s", path);
	}
	const char *what = NULL;
	if (S_ISDIR(st.st_mode))
		what = "it is a directory";
	else if (S_ISFIFO(st.st_mode))
		what = "it is a FIFO (named pipe), not a regular file";
	else if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
		what = "it is a device, not a regular file";
	else if (!S_ISREG(st.st_mode))
		what = "it is not a regular file";
	if (what) {
		snprintf(err, errlen, "%s: cannot save: %s; nothing written", path, what);
		return false;
	}
	if (st.st_nlink > 1) {
		snprintf(err, errlen, "%s: cannot save: the file has %ju hard links, which replacing it "
			 "would break; save under another name", path, (uintmax_t)st.st_nlink);
		return false;
	}
	*mode = st.st_mode & 07777;
	return true;
}

/* True when the temporary file at path is a dead save's: its writer holds a lock on it for
 * as long as it writes (a kill releases it). */
static bool temporary_abandoned(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct stat st;
	bool dead = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0;
	close(fd);
	return dead;
}

/* Remove in dir the temporary files of dead saves: of the file base only (base NULL: of any
 * file). How many went. */
static int remove_abandoned(const char *dir, const char *base)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	char want[300], path[POSITION_PATH_MAX + 300];
	size_t wn = base ? (size_t)snprintf(want, sizeof want, ".%.200s" TMP_MARK, base) : 0;
	int n = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		bool mine = base ? len == wn + 6 && !strncmp(e->d_name, want, wn)
				 : e->d_name[0] == '.' && strstr(e->d_name, TMP_MARK) != NULL;
		if (!mine)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (temporary_abandoned(path) && unlink(path) == 0)
			n++;
	}
	closedir(d);
	return n;
}

/* Write via fn(arg, f) to a temporary file beside path, then rename it to path (follow: a
 * symbolic link at path is followed, else refused). The temporary is locked while it is
 * written, so the next save of the same file removes what a killed one left. */
static bool save_atomic(const char *path, bool follow,
			bool (*fn)(const void *arg1, const void *arg2, FILE *f), const void *arg1,
			const void *arg2, char *err, size_t errlen)
{
	char target[POSITION_PATH_MAX], dir[POSITION_PATH_MAX], tmp[POSITION_PATH_MAX + 32];
	if (strlen(path) >= POSITION_PATH_MAX || !*path) {
		snprintf(err, errlen, "%.100s: path empty or too long", path);
		return false;
	}
	mode_t mode;
	if (!save_target(path, follow, target, sizeof target, &mode, err, errlen))
		return false;
	dir_of(target, dir, sizeof dir);
	const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	remove_abandoned(dir, base);
	/* a short enough name: a 250-character file name still has room for the suffix */
	int len = snprintf(tmp, sizeof tmp, "%s/.%.200s" TMP_MARK "XXXXXX", dir, base);
	int fd = len > 0 && (size_t)len < sizeof tmp ? mkstemp(tmp) : (errno = ENAMETOOLONG, -1);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file in %s: %s", path, dir,
			 strerror(errno));
		return false;
	}
	flock(fd, LOCK_EX | LOCK_NB); /* new: no one else has it */
	fchmod(fd, mode);
	FILE *f = fdopen(fd, "w");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return false;
	}
	errno = 0;
	bool ok = fn(arg1, arg2, f) && fflush(f) == 0 && fsync(fileno(f)) == 0;
	int saved = errno ? errno : EIO;
	if (fclose(f) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	if (ok && rename(tmp, target) != 0) {
		ok = false;
		saved = errno;
	}
	if (!ok) {
		unlink(tmp);
		snprintf(err, errlen, "%s: cannot save: %s", path, strerror(saved));
		errno = saved; /* for a caller that makes room (store_autosave) */
		return false;
	}
	if (!sync_dir(dir)) {
		snprintf(err, errlen, "%s: saved, but syncing the directory failed: %s", path,
			 strerror(errno));
		return false;
	}
	return true;
}

static bool write_position(const void *g, const void *rec, FILE *f)
{
	return position_write(g, rec, f);
}

bool store_save(const struct game *g, const struct position_record *rec, const char *path,
		char *err, size_t errlen)
{
	return save_atomic(path, true, write_position, g, rec, err, errlen);
}

/* The writer of store_write: the caller's function and argument. */
struct writer {
	bool (*fn)(void *arg, FILE *f);
	void *arg;
};

static bool write_through(const void *w, const void *unused, FILE *f)
{
	(void)unused;
	const struct writer *wr = w;
	return wr->fn(wr->arg, f);
}

bool store_write(const char *path, bool (*fn)(void *arg, FILE *f), void *arg, char *err,
		 size_t errlen)
{
	struct writer w = { fn, arg };
	return save_atomic(path, true, write_through, &w, NULL, err, errlen);
}

bool store_load(struct game *g, struct position_record *rec, const struct scenario *s,
		const char *path, char *err, size_t errlen)
{
	FILE *f = datafile_fopen(path, err, errlen);
	if (!f)
		return false;
	bool ok = position_read(g, rec, s, f, path, err, errlen);
	fclose(f);
	return ok;
}

/* ---- the state directory: autosaves and `last` ---- */

/* The state directory is the player's own (issue 33): a directory (or a link to one) owned
 * by the user and writable by no one else; false with err set when it is not. */
static bool dir_own(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	if (stat(dir, &st) != 0) {
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: not a directory", dir);
		return false;
	}
	if (st.st_uid != geteuid()) {
		snprintf(err, errlen, "%s: the state directory belongs to another user (uid %u): "
			 "refused, as its files could be turned against you", dir, (unsigned)st.st_uid);
		return false;
	}
	if (st.st_mode & 022) {
		snprintf(err, errlen, "%s: the state directory is writable by other users (mode %04o): "
			 "refused (chmod go-w '%s' makes it yours alone)", dir,
			 (unsigned)(st.st_mode & 07777), dir);
		return false;
	}
	return true;
}

/* mkdir -p with mode 0700 for what it creates; the directory must then be the player's own. */
static bool make_dirs(const char *dir, char *err, size_t errlen)
{
	char buf[POSITION_PATH_MAX];
	snprintf(buf, sizeof buf, "%s", dir);
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || *p == 0) {
			char c = *p;
			*p = 0;
			if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
				snprintf(err, errlen, "%s: cannot create: %s", buf, strerror(errno));
				return false;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	return dir_own(dir, err, errlen);
}

bool store_state_dir(const char *dir, char *err, size_t errlen)
{
	return make_dirs(dir, err, errlen);
}

/* Take the state directory's lock (`.lock`, an flock shared by every process that writes
 * there): the descriptor to give to unlock, or -1 with err set. A process that holds it and
 * is stopped (Ctrl-Z, a debugger) makes the others wait POSITION_LOCK_WAIT_MS at most. */
static int lock_dir(const char *dir, char *err, size_t errlen)
{
	char path[POSITION_PATH_MAX + 8];
	snprintf(path, sizeof path, "%s/.lock", dir);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open the lock: %s", path, strerror(errno));
		return -1;
	}
	/* the wait is counted on the clock, not in tries: on a loaded machine each 10 ms sleep
	 * lasts longer, and 500 of them took over 10 s */
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long waited = 0; flock(fd, LOCK_EX | LOCK_NB) != 0;
	     clock_gettime(CLOCK_MONOTONIC, &now),
	     waited = (now.tv_sec - t0.tv_sec) * 1000L + (now.tv_nsec - t0.tv_nsec) / 1000000L) {
		if (errno != EWOULDBLOCK && errno != EINTR) {
			snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(errno));
			close(fd);
			return -1;
		}
		if (waited >= POSITION_LOCK_WAIT_MS) {
			snprintf(err, errlen, "%s: another antietam has held the state directory's lock "
				 "for %d s (stopped by Ctrl-Z or a debugger?): nothing saved there; save "
				 "the game to a file instead", path, POSITION_LOCK_WAIT_MS / 1000);
			close(fd);
			return -1;
		}
		struct timespec ts = { 0, 10 * 1000000L };
		nanosleep(&ts, NULL);
	}
	return fd;
}

static void unlock_dir(int fd)
{
	flock(fd, LOCK_UN);
	close(fd);
}

static bool write_text(const void *text, const void *unused, FILE *f)
{
	(void)unused;
	return fputs(text, f) >= 0;
}

/* Point `last` at path (made absolute); the lock is held. */
static bool set_last_locked(const char *dir, const char *path, char *err, size_t errlen)
{
	char last[POSITION_PATH_MAX + 8], abs[PATH_MAX + 2];
	if (!realpath(path, abs)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return false;
	}
	strcat(abs, "\n");
	snprintf(last, sizeof last, "%s/last", dir);
	return save_atomic(last, false, write_text, abs, NULL, err, errlen);
}

bool store_set_last(const char *dir, const char *path, char *err, size_t errlen)
{
	if (!make_dirs(dir, err, errlen))
		return false;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return false;
	bool ok = set_last_locked(dir, path, err, errlen);
	unlock_dir(lock);
	return ok;
}

bool store_last(const char *dir, char *buf, size_t len, char *err, size_t errlen)
{
	char last[POSITION_PATH_MAX + 8];
	snprintf(last, sizeof last, "%s/last", dir);
	struct stat st;
	if (lstat(last, &st) != 0) {
		int why = errno;
		/* a kill in a game's first autosave, between the file and `last`: the newest */
		struct position_game *game;
		char gerr[8];
		int n = why == ENOENT && dir_own(dir, gerr, sizeof gerr)
				? store_recent_games(dir, &game, gerr, sizeof gerr)
				: 0;
		bool found = n > 0 && strlen(game[0].path) < len;
		if (found)
			snprintf(buf, len, "%s", game[0].path);
		if (n > 0)
			free(game);
		if (found)
			return true;
		snprintf(err, errlen, "no game to resume (%s: %s)", last, strerror(why));
		return false;
	}
	if (!dir_own(dir, err, errlen))
		return false;
	if (S_ISLNK(st.st_mode)) {
		snprintf(err, errlen, "%s: a symbolic link, in the state directory where every file "
			 "is the program's own: refused, not followed (remove it)", last);
		return false;
	}
	char oerr[POSITION_PATH_MAX + 64];
	FILE *f = datafile_fopen(last, oerr, sizeof oerr);
	if (!f) {
		snprintf(err, errlen, "%s (it should be a one-line file naming the last game saved)",
			 oerr);
		return false;
	}
	bool ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (ok)
		buf[strcspn(buf, "\n")] = 0;
	if (!ok || !buf[0]) {
		snprintf(err, errlen, "%s: empty", last);
		return false;
	}
	return true;
}

bool store_id_valid(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n >= POSITION_ID_MAX)
		return false;
	return strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == n;
}

/* "autosave-ID-SEQ.pos": the id (into id) and SEQ; false for any other name. */
static bool autosave_name(const char *name, char *id, size_t idlen, long *seq)
{
	size_t n = strlen(name);
	if (strncmp(name, "autosave-", 9) != 0 || n < 9 + 1 + 1 + 1 + 4 ||
	    strcmp(name + n - 4, ".pos") != 0)
		return false;
	const char *dash = name + n - 4;
	while (dash > name + 9 && dash[-1] >= '0' && dash[-1] <= '9')
		dash--;
	if (dash == name + n - 4 || dash[-1] != '-' || dash - 1 == name + 9)
		return false;
	char *end;
	errno = 0;
	*seq = strtol(dash, &end, 10);
	if (errno || end != name + n - 4 || *seq < 1)
		return false;
	size_t idn = (size_t)(dash - 1 - (name + 9));
	if (idn >= idlen)
		return false;
	memcpy(id, name + 9, idn);
	id[idn] = 0;
	return store_id_valid(id);
}

bool store_autosave_id(const char *path, char *id, size_t idlen)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	long seq;
	return autosave_name(base, id, idlen, &seq);
}

/* The sequence numbers of game id's autosaves in dir: the highest into *newest, and how many
 * there are; -1 with err set when dir cannot be read. */
static int autosave_seqs(const char *dir, const char *id, long *newest, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	int n = 0;
	*newest = 0;
	char got[POSITION_ID_MAX];
	long seq;
	for (struct dirent *e; (e = readdir(d));)
		if (autosave_name(e->d_name, got, sizeof got, &seq) && !strcmp(got, id)) {
			n++;
			if (seq > *newest)
				*newest = seq;
		}
	closedir(d);
	return n;
}

/* Remove game id's autosaves older than the newest `keep` (newest: the highest number). */
static void autosave_prune(const char *dir, const char *id, long newest, int keep)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char got[POSITION_ID_MAX], path[POSITION_PATH_MAX + 300];
	long seq;
	for (struct dirent *e; (e = readdir(d));)
		if (autosave_name(e->d_name, got, sizeof got, &seq) && !strcmp(got, id) &&
		    seq <= newest - keep) {
			snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
}

/* The game id's autosave with the lowest number in dir but newest, when it is not the one
 * `last` names: removed to make room. False when there is none to remove. */
static bool autosave_drop_oldest(const char *dir, const char *id, long newest)
{
	DIR *d = opendir(dir);
	if (!d)
		return false;
	char got[POSITION_ID_MAX], path[POSITION_PATH_MAX + 300], last[POSITION_PATH_MAX],
		real[PATH_MAX], lerr[64];
	long seq, oldest = LONG_MAX;
	for (struct dirent *e; (e = readdir(d));)
		if (autosave_name(e->d_name, got, sizeof got, &seq) && !strcmp(got, id) && seq < oldest)
			oldest = seq;
	closedir(d);
	if (oldest >= newest)
		return false;
	snprintf(path, sizeof path, "%s/autosave-%s-%06ld.pos", dir, id, oldest);
	if (store_last(dir, last, sizeof last, lerr, sizeof lerr) && realpath(path, real) &&
	    !strcmp(real, last))
		return false;
	return unlink(path) == 0;
}

/* True when the write that just failed found no room (errno, as save_atomic leaves it): the
 * step may be tried again with room made. */
static bool no_room(void)
{
	return errno == ENOSPC || errno == EDQUOT;
}

bool store_autosave(const char *dir, const char *id, const struct game *g,
		    const struct position_record *rec, char *err, size_t errlen)
{
	if (!store_id_valid(id)) {
		snprintf(err, errlen, "'%.60s' is not a game id (1 to %d letters, digits or '_')", id,
			 POSITION_ID_MAX - 1);
		return false;
	}
	if (strlen(dir) + POSITION_ID_MAX + 32 >= POSITION_PATH_MAX) {
		snprintf(err, errlen, "%.100s: the state directory's path is too long", dir);
		return false;
	}
	if (!make_dirs(dir, err, errlen))
		return false;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return false;
	long newest;
	bool ok = autosave_seqs(dir, id, &newest, err, errlen) >= 0;
	char path[POSITION_PATH_MAX];
	if (ok) {
		/* 1. The new autosave is complete on disk (file and directory synced) under a new
		 * name; no older one has moved. 2. `last` names it (atomically, synced). 3. Only
		 * then do the oldest go. A kill between any two steps leaves `last` naming a whole
		 * file: the new one, or the one before it, which step 3 never removes. A full disk
		 * (ENOSPC, EDQUOT) at step 1 or 2: the game's oldest autosave goes (never the one
		 * `last` names) and the step is tried again, so a full disk ends no game's
		 * autosaving while the game has an old autosave to give up. */
		snprintf(path, sizeof path, "%s/autosave-%s-%06ld.pos", dir, id, newest + 1);
		for (;;) {
			ok = save_atomic(path, false, write_position, g, rec, err, errlen);
			if (ok || !no_room() || !autosave_drop_oldest(dir, id, newest))
				break;
		}
		while (ok) {
			ok = set_last_locked(dir, path, err, errlen);
			if (ok || !no_room() || !autosave_drop_oldest(dir, id, newest))
				break;
			ok = true; /* the file is there: `last` again, with room made */
		}
	}
	if (ok) {
		autosave_prune(dir, id, newest + 1, POSITION_AUTOSAVES);
		sync_dir(dir);
	}
	unlock_dir(lock);
	return ok;
}

/* The "turn N side phase" line of a position file (its first 40 lines), or "". */
static void peek_turn(const char *path, char *buf, size_t len)
{
	char err[64], line[256];
	buf[0] = 0;
	FILE *f = datafile_fopen(path, err, sizeof err);
	if (!f)
		return;
	for (int i = 0; i < 40 && fgets(line, sizeof line, f); i++)
		if (!strncmp(line, "turn ", 5)) {
			line[strcspn(line, "\r\n")] = 0;
			snprintf(buf, len, "%.60s", line);
			break;
		}
	fclose(f);
}

static int newer_first(const void *a, const void *b)
{
	const struct position_game *x = a, *y = b;
	return x->when_ns < y->when_ns ? 1 : x->when_ns > y->when_ns ? -1 : strcmp(x->id, y->id);
}

int store_recent_games(const char *dir, struct position_game **out, char *err, size_t errlen)
{
	*out = NULL;
	DIR *d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	struct position_game *all = NULL;
	long *top = NULL;
	int n = 0, cap = 0;
	char id[POSITION_ID_MAX], path[POSITION_PATH_MAX + 300];
	long seq;
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		/* a link or anything but a file under an autosave's name is not one */
		if (!autosave_name(e->d_name, id, sizeof id, &seq) || lstat(path, &st) != 0 ||
		    !S_ISREG(st.st_mode))
			continue;
		int i = 0;
		while (i < n && strcmp(all[i].id, id))
			i++;
		if (i == n) {
			if (n == cap) {
				int ncap = cap ? 2 * cap : 64;
				struct position_game *a = realloc(all, (size_t)ncap * sizeof *a);
				long *t = a ? realloc(top, (size_t)ncap * sizeof *t) : NULL;
				if (a)
					all = a;
				if (t)
					top = t;
				if (!a || !t) {
					free(all);
					free(top);
					closedir(d);
					snprintf(err, errlen, "out of memory");
					return -1;
				}
				cap = ncap;
			}
			memset(&all[n], 0, sizeof all[n]);
			top[n] = 0;
			snprintf(all[n++].id, sizeof all->id, "%s", id);
		}
		all[i].nsaves++;
		all[i].bytes += st.st_size;
		if (seq > top[i]) {
			top[i] = seq;
			if (snprintf(all[i].path, sizeof all->path, "%s", path) >= (int)sizeof all->path)
				all[i].path[0] = 0;
		}
	}
	closedir(d);
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (stat(all[i].path, &st) == 0) {
			all[i].when = st.st_mtim.tv_sec;
			all[i].when_ns = st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		}
		peek_turn(all[i].path, all[i].turn, sizeof all[i].turn);
	}
	if (n)
		qsort(all, (size_t)n, sizeof *all, newer_first);
	free(top);
	*out = all;
	return n;
}

int store_autosave_clean(const char *dir, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			return 0; /* nothing saved yet */
		snprintf(err, errlen, "%s: cannot read: %s", dir, strerror(errno));
		return -1;
	}
	closedir(d);
	if (!dir_own(dir, err, errlen))
		return -1;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return -1;
	/* every temporary no save holds locked is a killed save's */
	int n = remove_abandoned(dir, NULL);
	unlock_dir(lock);
	return n;
}

/* ---- games open: a lock each, held for the game's life ---- */

/* Try game id's lock `.open-ID` in dir (the directory's lock held): its descriptor, locked;
 * -1 with err set, and *busy true when another process holds it. */
static int game_lock_locked(const char *dir, const char *id, bool *busy, char *err,
			    size_t errlen)
{
	char path[POSITION_PATH_MAX + POSITION_ID_MAX + 16];
	*busy = false;
	snprintf(path, sizeof path, "%s/.open-%s", dir, id);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		char pid[32] = "";
		ssize_t k = read(fd, pid, sizeof pid - 1);
		pid[k > 0 ? k : 0] = 0;
		pid[strcspn(pid, "\n")] = 0;
		*busy = errno == EWOULDBLOCK || errno == EAGAIN || k >= 0;
		snprintf(err, errlen, "game %s is open in another antietam (process %s: a forgotten "
			 "terminal, a detached tmux?)", id, pid[0] ? pid : "?");
		close(fd);
		return -1;
	}
	char pid[32];
	int len = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)len) != len) {
		/* the lock holds all the same; only the message of a second opening lacks the pid */
	}
	return fd;
}

int store_game_lock(const char *dir, const char *id, bool *busy, char *err, size_t errlen)
{
	*busy = false;
	if (!store_id_valid(id)) {
		snprintf(err, errlen, "'%.60s' is not a game id", id);
		return -1;
	}
	if (!make_dirs(dir, err, errlen))
		return -1;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0)
		return -1;
	int fd = game_lock_locked(dir, id, busy, err, errlen);
	unlock_dir(lock);
	return fd;
}

void store_game_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}

bool store_game_busy(const char *dir, const char *path, char *err, size_t errlen)
{
	char id[POSITION_ID_MAX];
	bool busy = false;
	if (!store_autosave_id(path, id, sizeof id))
		return false;
	char lerr[POSITION_PATH_MAX + 128];
	store_game_unlock(store_game_lock(dir, id, &busy, lerr, sizeof lerr));
	if (busy)
		snprintf(err, errlen, "%s", lerr);
	return busy;
}

/* The bytes of every autosave in dir (0 when dir is not there, -1 when it cannot be read):
 * the quick look that finds the bound kept, as it is at nearly every autosave. */
static long long autosave_bytes(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return errno == ENOENT ? 0 : -1;
	long long total = 0;
	char id[POSITION_ID_MAX];
	long seq;
	for (struct dirent *e; (e = readdir(d));) {
		struct stat st;
		if (autosave_name(e->d_name, id, sizeof id, &seq) &&
		    fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
			total += st.st_size;
	}
	closedir(d);
	return total;
}

long long store_autosave_bound(const char *dir, long long bound, const char *keep, char *gone,
			       size_t gonelen, char *err, size_t errlen)
{
	if (gonelen)
		gone[0] = 0;
	long long bytes = autosave_bytes(dir);
	if (bytes >= 0 && bytes <= bound)
		return bytes;
	struct position_game *game;
	int n = store_recent_games(dir, &game, err, errlen);
	if (n <= 0)
		return n;
	int lock = lock_dir(dir, err, errlen);
	if (lock < 0) {
		free(game);
		return -1;
	}
	long long total = 0;
	for (int i = 0; i < n; i++)
		total += game[i].bytes;
	char last[POSITION_PATH_MAX], real[PATH_MAX], lerr[64];
	if (!store_last(dir, last, sizeof last, lerr, sizeof lerr))
		last[0] = 0;
	size_t used = 0;
	/* the oldest first; never the game kept, the one `last` names or one open */
	for (int i = n - 1; i >= 0 && total > bound; i--) {
		if ((keep && !strcmp(game[i].id, keep)) ||
		    (last[0] && realpath(game[i].path, real) && !strcmp(real, last)))
			continue;
		bool busy;
		char lockpath[POSITION_PATH_MAX + POSITION_ID_MAX + 16];
		int fd = game_lock_locked(dir, game[i].id, &busy, lerr, sizeof lerr);
		if (fd < 0)
			continue;
		autosave_prune(dir, game[i].id, LONG_MAX, 0);
		snprintf(lockpath, sizeof lockpath, "%s/.open-%s", dir, game[i].id);
		unlink(lockpath);
		close(fd);
		total -= game[i].bytes;
		if (used < gonelen)
			used += (size_t)snprintf(gone + used, gonelen - used, "%s%s", used ? " " : "",
						 game[i].id);
	}
	sync_dir(dir);
	unlock_dir(lock);
	free(game);
	return total;
}

bool store_hold_autosave_bound(const char *dir, long long bound, const char *keep, char *notice,
			       size_t noticelen, char *err, size_t errlen)
{
	char gone[512];
	if (noticelen)
		notice[0] = 0;
	if (store_autosave_bound(dir, bound, keep, gone, sizeof gone, err, errlen) < 0)
		return false;
	if (gone[0])
		snprintf(notice, noticelen, "the autosaves in %s came to more than %lld MB (the bound, "
			 "ANTIETAM_AUTOSAVE_MB): the games saved least recently are gone: %s", dir,
			 bound / (1024 * 1024), gone);
	return true;
}

void store_game_id(char *id, size_t len)
{
	static unsigned made;
	time_t now = time(NULL);
	struct tm tm;
	char when[32] = "0";
	if (localtime_r(&now, &tm))
		strftime(when, sizeof when, "%Y%m%d_%H%M%S", &tm);
	snprintf(id, len, "%s_%ld_%u", when, (long)getpid(), ++made);
}
