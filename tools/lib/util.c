// SPDX-License-Identifier: MIT
/*
 * libintel_oa internal helpers (util.h).
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

/*
 * Metric files and recordings come from pipes and /proc-like files too,
 * whose size stat() does not tell: read until EOF, doubling the buffer.
 */
int intel_oa_read_file(const char *path, void **data, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *nb;
	size_t cap = 0, n;
	int ret;

	*len = 0;
	if (!f)
		return -errno;
	do {
		if (*len == cap) {
			cap = cap ? cap * 2 : 64 * 1024;
			nb = realloc(buf, cap);
			if (!nb) {
				ret = -ENOMEM;
				goto fail;
			}
			buf = nb;
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n);
	ret = ferror(f) ? -EIO : 0;
	if (ret)
		goto fail;
	fclose(f);
	*data = buf;
	return 0;
fail:
	free(buf);
	fclose(f);
	*len = 0;
	return ret;
}
