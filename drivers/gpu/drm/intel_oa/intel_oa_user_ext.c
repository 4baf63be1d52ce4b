// SPDX-License-Identifier: GPL-2.0
/*
 * i915's extension chains: the struct i915_user_extension links that
 * GEM_CREATE_EXT, GEM_MMAP_OFFSET, CONTEXT_CREATE_EXT and the context
 * engine map take.
 */

#include <linux/nospec.h>
#include <linux/uaccess.h>

#include "intel_oa.h"

/* I915_USER_EXTENSION chains longer than this are E2BIG (i915). */
#define USER_EXTENSIONS_MAX	512

/* Read a u32 that must be zero: -EFAULT, -EINVAL or 0 (check_user_mbz). */
static int user_mbz32(u32 __user *p)
{
	u32 v;

	if (get_user(v, p))
		return -EFAULT;
	return v ? -EINVAL : 0;
}

/**
 * intel_oa_user_extensions - walk an ioctl's extension chain
 * @ext: the first link (NULL: none)
 * @tbl: the function for each extension name (NULL entries: unknown)
 * @count: entries of @tbl
 * @data: passed to each function
 *
 * i915_user_extensions(): flags and rsvd must be zero, an unknown name is
 * EINVAL, a chain longer than 512 is E2BIG, and the first function that
 * fails ends the walk.
 *
 * Return: 0, -EINVAL, -E2BIG, -EFAULT or a function's error.
 */
int intel_oa_user_extensions(struct i915_user_extension __user *ext,
			     const intel_oa_user_extension_fn *tbl,
			     unsigned int count, void *data)
{
	unsigned int depth = USER_EXTENSIONS_MAX;
	unsigned int i;
	u64 next;
	u32 name;
	int err;

	while (ext) {
		if (!depth--)
			return -E2BIG;
		err = user_mbz32(&ext->flags);
		if (err)
			return err;
		for (i = 0; i < ARRAY_SIZE(ext->rsvd); i++) {
			err = user_mbz32(&ext->rsvd[i]);
			if (err)
				return err;
		}
		if (get_user(name, &ext->name))
			return -EFAULT;
		err = -EINVAL;
		if (name < count) {
			name = array_index_nospec(name, count);
			if (tbl[name])
				err = tbl[name](ext, data);
		}
		if (err)
			return err;
		if (get_user(next, &ext->next_extension) ||
		    next != (uintptr_t)next)
			return -EFAULT;
		ext = u64_to_user_ptr(next);
	}
	return 0;
}
