/* SPDX-License-Identifier: MIT */
/*
 * intel_oa uAPI: the subset of the i915 DRM uAPI that the intel_oa driver
 * implements, declared binary-identical to i915's so that unmodified i915
 * perf userspace (IGT's i915-perf-recorder, libi915_perf, Mesa) works.
 *
 * Usage from userspace: compile with
 *   -I<tree>/include/uapi -I/usr/include/libdrm
 * and ``#include <drm/intel_oa_drm.h>``.
 *
 * This header declares the same identifiers as i915_drm.h (libdrm's or the
 * kernel's). It must NOT be included together with i915_drm.h in the same
 * translation unit; doing so is refused at compile time.
 */

#ifndef _UAPI_INTEL_OA_DRM_H_
#define _UAPI_INTEL_OA_DRM_H_

#if defined(_I915_DRM_H_) || defined(_UAPI_I915_DRM_H_)
#error "intel_oa_drm.h declares the i915 uAPI itself: do not include i915_drm.h in the same file"
#endif

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: intel_oa ioctl numbers
 *
 * The driver-specific ioctls use i915's numbers, relative to
 * DRM_COMMAND_BASE, so that i915 userspace can talk to intel_oa unchanged.
 */
#define DRM_I915_GETPARAM		0x06
#define DRM_I915_GEM_BUSY		0x17
#define DRM_I915_GEM_THROTTLE		0x18
#define DRM_I915_GEM_CREATE		0x1b
#define DRM_I915_GEM_PREAD		0x1c
#define DRM_I915_GEM_PWRITE		0x1d
#define DRM_I915_GEM_MMAP		0x1e
#define DRM_I915_GEM_SET_DOMAIN		0x1f
#define DRM_I915_GEM_SET_TILING		0x21
#define DRM_I915_GEM_GET_TILING		0x22
#define DRM_I915_GEM_GET_APERTURE	0x23
#define DRM_I915_GEM_MMAP_GTT		0x24
#define DRM_I915_GEM_MMAP_OFFSET	DRM_I915_GEM_MMAP_GTT
#define DRM_I915_GEM_EXECBUFFER2	0x29
#define DRM_I915_GEM_EXECBUFFER2_WR	DRM_I915_GEM_EXECBUFFER2
#define DRM_I915_GEM_WAIT		0x2c
#define DRM_I915_GEM_CONTEXT_CREATE	0x2d
#define DRM_I915_GEM_CONTEXT_DESTROY	0x2e
#define DRM_I915_GEM_SET_CACHING	0x2f
#define DRM_I915_GEM_GET_CACHING	0x30
#define DRM_I915_REG_READ		0x31
#define DRM_I915_GEM_CONTEXT_GETPARAM	0x34
#define DRM_I915_GEM_CONTEXT_SETPARAM	0x35
#define DRM_I915_PERF_OPEN		0x36
#define DRM_I915_PERF_ADD_CONFIG	0x37
#define DRM_I915_PERF_REMOVE_CONFIG	0x38
#define DRM_I915_QUERY			0x39
#define DRM_I915_GEM_VM_CREATE		0x3a
#define DRM_I915_GEM_VM_DESTROY		0x3b
#define DRM_I915_GEM_CREATE_EXT		0x3c

#define DRM_IOCTL_I915_GETPARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GETPARAM, struct drm_i915_getparam)
#define DRM_IOCTL_I915_GEM_THROTTLE \
	DRM_IO(DRM_COMMAND_BASE + DRM_I915_GEM_THROTTLE)
#define DRM_IOCTL_I915_REG_READ \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_REG_READ, struct drm_i915_reg_read)
#define DRM_IOCTL_I915_PERF_OPEN \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_PERF_OPEN, \
		struct drm_i915_perf_open_param)
#define DRM_IOCTL_I915_PERF_ADD_CONFIG \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_PERF_ADD_CONFIG, \
		struct drm_i915_perf_oa_config)
#define DRM_IOCTL_I915_PERF_REMOVE_CONFIG \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_PERF_REMOVE_CONFIG, __u64)
#define DRM_IOCTL_I915_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_QUERY, struct drm_i915_query)
#define DRM_IOCTL_I915_GEM_EXECBUFFER2 \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_EXECBUFFER2, \
		struct drm_i915_gem_execbuffer2)
#define DRM_IOCTL_I915_GEM_EXECBUFFER2_WR \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_EXECBUFFER2_WR, \
		 struct drm_i915_gem_execbuffer2)
#define DRM_IOCTL_I915_GEM_BUSY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_BUSY, struct drm_i915_gem_busy)
#define DRM_IOCTL_I915_GEM_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CREATE, \
		 struct drm_i915_gem_create)
#define DRM_IOCTL_I915_GEM_CREATE_EXT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CREATE_EXT, \
		 struct drm_i915_gem_create_ext)
#define DRM_IOCTL_I915_GEM_PREAD \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_PREAD, struct drm_i915_gem_pread)
#define DRM_IOCTL_I915_GEM_PWRITE \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_PWRITE, \
		struct drm_i915_gem_pwrite)
#define DRM_IOCTL_I915_GEM_MMAP \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_MMAP, struct drm_i915_gem_mmap)
#define DRM_IOCTL_I915_GEM_MMAP_GTT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_MMAP_GTT, \
		 struct drm_i915_gem_mmap_gtt)
#define DRM_IOCTL_I915_GEM_MMAP_OFFSET \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_MMAP_GTT, \
		 struct drm_i915_gem_mmap_offset)
#define DRM_IOCTL_I915_GEM_SET_DOMAIN \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_SET_DOMAIN, \
		struct drm_i915_gem_set_domain)
#define DRM_IOCTL_I915_GEM_SET_TILING \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_SET_TILING, \
		 struct drm_i915_gem_set_tiling)
#define DRM_IOCTL_I915_GEM_GET_TILING \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_GET_TILING, \
		 struct drm_i915_gem_get_tiling)
#define DRM_IOCTL_I915_GEM_GET_APERTURE \
	DRM_IOR(DRM_COMMAND_BASE + DRM_I915_GEM_GET_APERTURE, \
		struct drm_i915_gem_get_aperture)
#define DRM_IOCTL_I915_GEM_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_WAIT, struct drm_i915_gem_wait)
#define DRM_IOCTL_I915_GEM_VM_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_VM_CREATE, \
		 struct drm_i915_gem_vm_control)
#define DRM_IOCTL_I915_GEM_VM_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_VM_DESTROY, \
		struct drm_i915_gem_vm_control)
#define DRM_IOCTL_I915_GEM_SET_CACHING \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_SET_CACHING, \
		struct drm_i915_gem_caching)
#define DRM_IOCTL_I915_GEM_GET_CACHING \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_GET_CACHING, \
		 struct drm_i915_gem_caching)
#define DRM_IOCTL_I915_GEM_CONTEXT_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CONTEXT_CREATE, \
		 struct drm_i915_gem_context_create)
#define DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CONTEXT_CREATE, \
		 struct drm_i915_gem_context_create_ext)
#define DRM_IOCTL_I915_GEM_CONTEXT_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_I915_GEM_CONTEXT_DESTROY, \
		struct drm_i915_gem_context_destroy)
#define DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CONTEXT_GETPARAM, \
		 struct drm_i915_gem_context_param)
#define DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_I915_GEM_CONTEXT_SETPARAM, \
		 struct drm_i915_gem_context_param)

/**
 * DOC: intel_oa GEM objects
 *
 * Buffer objects with i915's uAPI: system memory (shmem) only, linear
 * only. Documentation/gem.rst says what each ioctl does and where it
 * differs from i915.
 */

/**
 * struct i915_user_extension - one link of an ioctl's extension chain
 * @next_extension: userspace pointer to the next link, 0 for the last.
 * @name: extension id, defined by the ioctl that takes the chain.
 * @flags: must be zero.
 * @rsvd: must be zero.
 */
struct i915_user_extension {
	__u64 next_extension;
	__u32 name;
	__u32 flags;
	__u32 rsvd[4];
};

/**
 * struct drm_i915_gem_create - argument of DRM_IOCTL_I915_GEM_CREATE
 * @size: in: bytes wanted; out: bytes allocated (a whole number of pages).
 * @handle: out: the object's handle.
 * @pad: unused.
 */
struct drm_i915_gem_create {
	__u64 size;
	__u32 handle;
	__u32 pad;
};

/**
 * struct drm_i915_gem_memory_class_instance - a memory region
 * @memory_class: I915_MEMORY_CLASS_*.
 * @memory_instance: instance within the class.
 */
struct drm_i915_gem_memory_class_instance {
	__u16 memory_class;
	__u16 memory_instance;
};

#define I915_MEMORY_CLASS_SYSTEM	0
#define I915_MEMORY_CLASS_DEVICE	1

/**
 * struct drm_i915_gem_create_ext - argument of DRM_IOCTL_I915_GEM_CREATE_EXT
 * @size: in: bytes wanted; out: bytes allocated.
 * @handle: out: the object's handle.
 * @flags: I915_GEM_CREATE_EXT_FLAG_* bits.
 * @extensions: userspace pointer to a chain of struct i915_user_extension,
 *	named I915_GEM_CREATE_EXT_*.
 */
struct drm_i915_gem_create_ext {
	__u64 size;
	__u32 handle;
#define I915_GEM_CREATE_EXT_FLAG_NEEDS_CPU_ACCESS (1 << 0)
	__u32 flags;
#define I915_GEM_CREATE_EXT_MEMORY_REGIONS 0
#define I915_GEM_CREATE_EXT_PROTECTED_CONTENT 1
#define I915_GEM_CREATE_EXT_SET_PAT 2
	__u64 extensions;
};

/**
 * struct drm_i915_gem_create_ext_memory_regions - placement extension
 * @base: chain link, name I915_GEM_CREATE_EXT_MEMORY_REGIONS.
 * @pad: must be zero.
 * @num_regions: entries at @regions.
 * @regions: userspace pointer to struct drm_i915_gem_memory_class_instance
 *	entries, in order of preference.
 */
struct drm_i915_gem_create_ext_memory_regions {
	struct i915_user_extension base;
	__u32 pad;
	__u32 num_regions;
	__u64 regions;
};

/**
 * struct drm_i915_gem_create_ext_protected_content - PXP extension
 * @base: chain link, name I915_GEM_CREATE_EXT_PROTECTED_CONTENT.
 * @flags: must be zero.
 */
struct drm_i915_gem_create_ext_protected_content {
	struct i915_user_extension base;
	__u32 flags;
};

/**
 * struct drm_i915_gem_create_ext_set_pat - PAT index extension (12.70+)
 * @base: chain link, name I915_GEM_CREATE_EXT_SET_PAT.
 * @pat_index: PAT index the object's PTEs carry.
 * @rsvd: reserved.
 */
struct drm_i915_gem_create_ext_set_pat {
	struct i915_user_extension base;
	__u32 pat_index;
	__u32 rsvd;
};

/**
 * struct drm_i915_gem_pread - argument of DRM_IOCTL_I915_GEM_PREAD
 * @handle: the object.
 * @pad: unused.
 * @offset: byte offset into the object.
 * @size: bytes to copy.
 * @data_ptr: userspace pointer to copy them to.
 */
struct drm_i915_gem_pread {
	__u32 handle;
	__u32 pad;
	__u64 offset;
	__u64 size;
	__u64 data_ptr;
};

/**
 * struct drm_i915_gem_pwrite - argument of DRM_IOCTL_I915_GEM_PWRITE
 * @handle: the object.
 * @pad: unused.
 * @offset: byte offset into the object.
 * @size: bytes to copy.
 * @data_ptr: userspace pointer to copy them from.
 */
struct drm_i915_gem_pwrite {
	__u32 handle;
	__u32 pad;
	__u64 offset;
	__u64 size;
	__u64 data_ptr;
};

/**
 * struct drm_i915_gem_mmap - argument of DRM_IOCTL_I915_GEM_MMAP
 * @handle: the object.
 * @pad: unused.
 * @offset: byte offset into the object to map from.
 * @size: bytes to map.
 * @addr_ptr: out: the address of the mapping.
 * @flags: I915_MMAP_WC or 0.
 */
struct drm_i915_gem_mmap {
	__u32 handle;
	__u32 pad;
	__u64 offset;
	__u64 size;
	__u64 addr_ptr;
#define I915_MMAP_WC 0x1
	__u64 flags;
};

/**
 * struct drm_i915_gem_mmap_gtt - argument of DRM_IOCTL_I915_GEM_MMAP_GTT
 * @handle: the object.
 * @pad: unused.
 * @offset: out: the fake offset to mmap() the DRM fd at.
 */
struct drm_i915_gem_mmap_gtt {
	__u32 handle;
	__u32 pad;
	__u64 offset;
};

/**
 * struct drm_i915_gem_mmap_offset - argument of DRM_IOCTL_I915_GEM_MMAP_OFFSET
 * @handle: the object.
 * @pad: unused (never checked, as in i915).
 * @offset: out: the fake offset to mmap() the DRM fd at.
 * @flags: one I915_MMAP_OFFSET_* type.
 * @extensions: chain of struct i915_user_extension; none is defined.
 */
struct drm_i915_gem_mmap_offset {
	__u32 handle;
	__u32 pad;
	__u64 offset;
#define I915_MMAP_OFFSET_GTT	0
#define I915_MMAP_OFFSET_WC	1
#define I915_MMAP_OFFSET_WB	2
#define I915_MMAP_OFFSET_UC	3
#define I915_MMAP_OFFSET_FIXED	4
	__u64 flags;
	__u64 extensions;
};

#define I915_GEM_DOMAIN_CPU		0x00000001
#define I915_GEM_DOMAIN_RENDER		0x00000002
#define I915_GEM_DOMAIN_SAMPLER		0x00000004
#define I915_GEM_DOMAIN_COMMAND		0x00000008
#define I915_GEM_DOMAIN_INSTRUCTION	0x00000010
#define I915_GEM_DOMAIN_VERTEX		0x00000020
#define I915_GEM_DOMAIN_GTT		0x00000040
#define I915_GEM_DOMAIN_WC		0x00000080

/**
 * struct drm_i915_gem_set_domain - argument of DRM_IOCTL_I915_GEM_SET_DOMAIN
 * @handle: the object.
 * @read_domains: I915_GEM_DOMAIN_* the CPU will read through.
 * @write_domain: I915_GEM_DOMAIN_* the CPU will write through (0 or
 *	@read_domains).
 */
struct drm_i915_gem_set_domain {
	__u32 handle;
	__u32 read_domains;
	__u32 write_domain;
};

/**
 * struct drm_i915_gem_relocation_entry - one address to patch before a batch
 * @target_handle: the object whose address is written (with
 *	I915_EXEC_HANDLE_LUT: its index in the execbuf's object list).
 * @delta: added to the target's address.
 * @offset: byte offset in the object holding the relocation where the
 *	address goes.
 * @presumed_offset: the target's address as userspace last knew it; the
 *	kernel writes back the actual one.
 * @read_domains: I915_GEM_DOMAIN_* the GPU reads the target through.
 * @write_domain: the one I915_GEM_DOMAIN_* it writes through, or 0.
 */
struct drm_i915_gem_relocation_entry {
	__u32 target_handle;
	__u32 delta;
	__u64 offset;
	__u64 presumed_offset;
	__u32 read_domains;
	__u32 write_domain;
};

/**
 * struct drm_i915_gem_exec_object2 - one object of an execbuf
 * @handle: the object.
 * @relocation_count: entries at @relocs_ptr.
 * @relocs_ptr: user pointer to struct drm_i915_gem_relocation_entry[].
 * @alignment: required alignment of its address, 0 or a power of two.
 * @offset: its GPU address: the wanted one with EXEC_OBJECT_PINNED, the
 *	presumed one otherwise; the kernel writes back the actual one.
 * @flags: EXEC_OBJECT_* bits.
 * @rsvd1: with EXEC_OBJECT_PAD_TO_SIZE, the size to pad to; else 0.
 * @rsvd2: must be 0.
 */
struct drm_i915_gem_exec_object2 {
	__u32 handle;
	__u32 relocation_count;
	__u64 relocs_ptr;
	__u64 alignment;
	__u64 offset;
#define EXEC_OBJECT_NEEDS_FENCE		 (1 << 0)
#define EXEC_OBJECT_NEEDS_GTT		 (1 << 1)
#define EXEC_OBJECT_WRITE		 (1 << 2)
#define EXEC_OBJECT_SUPPORTS_48B_ADDRESS (1 << 3)
#define EXEC_OBJECT_PINNED		 (1 << 4)
#define EXEC_OBJECT_PAD_TO_SIZE		 (1 << 5)
#define EXEC_OBJECT_ASYNC		(1 << 6)
#define EXEC_OBJECT_CAPTURE		(1 << 7)
#define __EXEC_OBJECT_UNKNOWN_FLAGS -(EXEC_OBJECT_CAPTURE << 1)
	__u64 flags;
	__u64 rsvd1;
	__u64 rsvd2;
};

/**
 * struct drm_i915_gem_execbuffer2 - argument of DRM_IOCTL_I915_GEM_EXECBUFFER2
 * @buffers_ptr: user pointer to struct drm_i915_gem_exec_object2[].
 * @buffer_count: objects at @buffers_ptr; the batch is the last one (the
 *	first with I915_EXEC_BATCH_FIRST).
 * @batch_start_offset: byte offset of the first command in the batch, a
 *	multiple of 8.
 * @batch_len: bytes of batch from there, a multiple of 8; 0: to its end.
 * @DR1: must be 0.
 * @DR4: must be 0 (0xffffffff is read as 0).
 * @num_cliprects: must be 0.
 * @cliprects_ptr: must be 0.
 * @flags: I915_EXEC_* bits and the engine (I915_EXEC_RING_MASK).
 * @rsvd1: the context id (I915_EXEC_CONTEXT_ID_MASK).
 * @rsvd2: with I915_EXEC_FENCE_OUT, the sync_file fd of the batch's
 *	completion is returned in the upper 32 bits.
 */
struct drm_i915_gem_execbuffer2 {
	__u64 buffers_ptr;
	__u32 buffer_count;
	__u32 batch_start_offset;
	__u32 batch_len;
	__u32 DR1;
	__u32 DR4;
	__u32 num_cliprects;
	__u64 cliprects_ptr;
	__u64 flags;
	__u64 rsvd1;
	__u64 rsvd2;
};

#define I915_EXEC_RING_MASK		(0x3f)
#define I915_EXEC_DEFAULT		(0 << 0)
#define I915_EXEC_RENDER		(1 << 0)
#define I915_EXEC_BSD			(2 << 0)
#define I915_EXEC_BLT			(3 << 0)
#define I915_EXEC_VEBOX			(4 << 0)
#define I915_EXEC_CONSTANTS_MASK	(3 << 6)
#define I915_EXEC_GEN7_SOL_RESET	(1 << 8)
#define I915_EXEC_SECURE		(1 << 9)
#define I915_EXEC_IS_PINNED		(1 << 10)
#define I915_EXEC_NO_RELOC		(1 << 11)
#define I915_EXEC_HANDLE_LUT		(1 << 12)
#define I915_EXEC_BSD_SHIFT		(13)
#define I915_EXEC_BSD_MASK		(3 << I915_EXEC_BSD_SHIFT)
#define I915_EXEC_RESOURCE_STREAMER	(1 << 15)
#define I915_EXEC_FENCE_IN		(1 << 16)
#define I915_EXEC_FENCE_OUT		(1 << 17)
#define I915_EXEC_BATCH_FIRST		(1 << 18)
#define I915_EXEC_FENCE_ARRAY		(1 << 19)
#define I915_EXEC_FENCE_SUBMIT		(1 << 20)
#define I915_EXEC_USE_EXTENSIONS	(1 << 21)
#define __I915_EXEC_UNKNOWN_FLAGS (-(I915_EXEC_USE_EXTENSIONS << 1))
#define I915_EXEC_CONTEXT_ID_MASK	(0xffffffff)

/**
 * struct drm_i915_gem_busy - argument of DRM_IOCTL_I915_GEM_BUSY
 * @handle: the object.
 * @busy: out: 0 when idle; else engine classes reading (high 16 bits, one
 *	bit per class) and the class writing plus one (low 16 bits).
 */
struct drm_i915_gem_busy {
	__u32 handle;
	__u32 busy;
};

#define I915_CACHING_NONE		0
#define I915_CACHING_CACHED		1
#define I915_CACHING_DISPLAY		2

/**
 * struct drm_i915_gem_caching - argument of DRM_IOCTL_I915_GEM_{SET,GET}_CACHING
 * @handle: the object.
 * @caching: I915_CACHING_*.
 */
struct drm_i915_gem_caching {
	__u32 handle;
	__u32 caching;
};

#define I915_TILING_NONE	0
#define I915_TILING_X		1
#define I915_TILING_Y		2
#define I915_TILING_LAST	I915_TILING_Y

#define I915_BIT_6_SWIZZLE_NONE		0

/**
 * struct drm_i915_gem_set_tiling - argument of DRM_IOCTL_I915_GEM_SET_TILING
 * @handle: the object.
 * @tiling_mode: I915_TILING_*.
 * @stride: bytes per row of a tiled object; out: 0 for a linear one.
 * @swizzle_mode: out: I915_BIT_6_SWIZZLE_* of the object.
 */
struct drm_i915_gem_set_tiling {
	__u32 handle;
	__u32 tiling_mode;
	__u32 stride;
	__u32 swizzle_mode;
};

/**
 * struct drm_i915_gem_get_tiling - argument of DRM_IOCTL_I915_GEM_GET_TILING
 * @handle: the object.
 * @tiling_mode: out: I915_TILING_*.
 * @swizzle_mode: out: I915_BIT_6_SWIZZLE_* as the CPU sees it.
 * @phys_swizzle_mode: out: I915_BIT_6_SWIZZLE_* of the memory.
 */
struct drm_i915_gem_get_tiling {
	__u32 handle;
	__u32 tiling_mode;
	__u32 swizzle_mode;
	__u32 phys_swizzle_mode;
};

/**
 * struct drm_i915_gem_get_aperture - argument of DRM_IOCTL_I915_GEM_GET_APERTURE
 * @aper_size: out: bytes of the GGTT.
 * @aper_available_size: out: bytes of it not pinned.
 */
struct drm_i915_gem_get_aperture {
	__u64 aper_size;
	__u64 aper_available_size;
};

/**
 * struct drm_i915_gem_wait - argument of DRM_IOCTL_I915_GEM_WAIT
 * @bo_handle: the object.
 * @flags: must be zero.
 * @timeout_ns: in: ns to wait, negative for ever; out: ns left.
 */
struct drm_i915_gem_wait {
	__u32 bo_handle;
	__u32 flags;
	__s64 timeout_ns;
};

/*
 * GETPARAM parameter ids (values are i915's). intel_oa answers the ones
 * listed here and fails every other id with EINVAL.
 */

/** @I915_PARAM_HAS_EXECBUF2: 1: DRM_IOCTL_I915_GEM_EXECBUFFER2 runs batches. */
#define I915_PARAM_HAS_EXECBUF2			9
/** @I915_PARAM_HAS_ALIASING_PPGTT: 0 none, 1 aliasing, 2 full, 3 48-bit. */
#define I915_PARAM_HAS_ALIASING_PPGTT		18
/** @I915_PARAM_HAS_SECURE_BATCHES: I915_EXEC_SECURE is accepted. */
#define I915_PARAM_HAS_SECURE_BATCHES		23
/** @I915_PARAM_HAS_EXEC_NO_RELOC: I915_EXEC_NO_RELOC is understood. */
#define I915_PARAM_HAS_EXEC_NO_RELOC		25
/** @I915_PARAM_HAS_EXEC_HANDLE_LUT: I915_EXEC_HANDLE_LUT is understood. */
#define I915_PARAM_HAS_EXEC_HANDLE_LUT		26
/** @I915_PARAM_HAS_EXEC_SOFTPIN: EXEC_OBJECT_PINNED is understood. */
#define I915_PARAM_HAS_EXEC_SOFTPIN		37
/** @I915_PARAM_HAS_EXEC_FENCE: I915_EXEC_FENCE_IN and _OUT are understood. */
#define I915_PARAM_HAS_EXEC_FENCE		44
/** @I915_PARAM_HAS_EXEC_BATCH_FIRST: I915_EXEC_BATCH_FIRST is understood. */
#define I915_PARAM_HAS_EXEC_BATCH_FIRST		48
/** @I915_PARAM_HAS_GEM: 1: the GEM object ioctls exist. */
#define I915_PARAM_HAS_GEM			5
/** @I915_PARAM_HAS_LLC: the GPU shares the CPU's last-level cache. */
#define I915_PARAM_HAS_LLC			17
/** @I915_PARAM_HAS_WAIT_TIMEOUT: 1: DRM_IOCTL_I915_GEM_WAIT exists. */
#define I915_PARAM_HAS_WAIT_TIMEOUT		19
/** @I915_PARAM_HAS_WT: write-through caching (eDRAM) for DISPLAY objects. */
#define I915_PARAM_HAS_WT			27
/** @I915_PARAM_MMAP_VERSION: 1: DRM_IOCTL_I915_GEM_MMAP takes I915_MMAP_WC. */
#define I915_PARAM_MMAP_VERSION			30
/** @I915_PARAM_MMAP_GTT_VERSION: 4: DRM_IOCTL_I915_GEM_MMAP_OFFSET. */
#define I915_PARAM_MMAP_GTT_VERSION		40
/** @I915_PARAM_CHIPSET_ID: PCI device id of the GPU. */
#define I915_PARAM_CHIPSET_ID			4
/** @I915_PARAM_REVISION: PCI revision id of the GPU. */
#define I915_PARAM_REVISION			32
/** @I915_PARAM_SUBSLICE_TOTAL: number of available subslices. */
#define I915_PARAM_SUBSLICE_TOTAL		33
/** @I915_PARAM_EU_TOTAL: number of available EUs. */
#define I915_PARAM_EU_TOTAL			34
/** @I915_PARAM_SLICE_MASK: mask of available slices. */
#define I915_PARAM_SLICE_MASK			46
/** @I915_PARAM_SUBSLICE_MASK: mask of available subslices of slice 0. */
#define I915_PARAM_SUBSLICE_MASK		47
/** @I915_PARAM_CS_TIMESTAMP_FREQUENCY: command streamer timestamp Hz. */
#define I915_PARAM_CS_TIMESTAMP_FREQUENCY	51
/** @I915_PARAM_PERF_REVISION: revision of the perf uAPI implemented. */
#define I915_PARAM_PERF_REVISION		54
/** @I915_PARAM_OA_TIMESTAMP_FREQUENCY: OA report timestamp Hz. */
#define I915_PARAM_OA_TIMESTAMP_FREQUENCY	57

/**
 * struct drm_i915_getparam - argument of DRM_IOCTL_I915_GETPARAM
 * @param: parameter id, one of the I915_PARAM_* values.
 * @value: userspace pointer to an int that receives the value.
 */
struct drm_i915_getparam {
	__s32 param;
	int *value;
};

/**
 * struct drm_i915_reg_read - argument of DRM_IOCTL_I915_REG_READ
 * @offset: register offset; bit 0 may carry I915_REG_READ_8B_WA.
 * @val: returned register value.
 *
 * Only whitelisted registers can be read (the render ring timestamp,
 * 0x2358, read as 8 bytes).
 */
struct drm_i915_reg_read {
	__u64 offset;
#define I915_REG_READ_8B_WA (1ul << 0)
	__u64 val;
};

/**
 * struct drm_i915_query_item - one item of a DRM_IOCTL_I915_QUERY call
 * @query_id: DRM_I915_QUERY_* id.
 * @length: in: size of the buffer at @data_ptr, or 0 to ask for the size
 *	needed; out: bytes written / needed, or a negative errno for this item.
 * @flags: item flags: 0 for DRM_I915_QUERY_TOPOLOGY_INFO,
 *	DRM_I915_QUERY_ENGINE_INFO and DRM_I915_QUERY_MEMORY_REGIONS; one
 *	of DRM_I915_QUERY_PERF_CONFIG_* for DRM_I915_QUERY_PERF_CONFIG.
 * @data_ptr: userspace pointer to the item's output buffer.
 *
 * Query ids are i915's; an id intel_oa does not answer gets EINVAL in
 * @length, as an unknown id does on i915.
 */
struct drm_i915_query_item {
	__u64 query_id;
#define DRM_I915_QUERY_TOPOLOGY_INFO	1
#define DRM_I915_QUERY_ENGINE_INFO	2
#define DRM_I915_QUERY_PERF_CONFIG	3
#define DRM_I915_QUERY_MEMORY_REGIONS	4
	__s32 length;
	__u32 flags;
	__u64 data_ptr;
};

/**
 * struct drm_i915_memory_region_info - one memory region
 * @region: its class and instance.
 * @rsvd0: 0.
 * @probed_size: bytes the region has.
 * @unallocated_size: bytes free (callers without CAP_PERFMON: @probed_size).
 * @rsvd1: 0.
 * @probed_cpu_visible_size: bytes the CPU can reach (all of system memory).
 * @unallocated_cpu_visible_size: of those, free (as @unallocated_size).
 */
struct drm_i915_memory_region_info {
	struct drm_i915_gem_memory_class_instance region;
	__u32 rsvd0;
	__u64 probed_size;
	__u64 unallocated_size;
	union {
		__u64 rsvd1[8];
		struct {
			__u64 probed_cpu_visible_size;
			__u64 unallocated_cpu_visible_size;
		};
	};
};

/**
 * struct drm_i915_query_memory_regions - DRM_I915_QUERY_MEMORY_REGIONS
 * @num_regions: out: entries of @regions; 0 on input.
 * @rsvd: 0.
 * @regions: the regions.
 */
struct drm_i915_query_memory_regions {
	__u32 num_regions;
	__u32 rsvd[3];
	struct drm_i915_memory_region_info regions[];
};

/**
 * struct drm_i915_query - argument of DRM_IOCTL_I915_QUERY
 * @num_items: number of struct drm_i915_query_item at @items_ptr.
 * @flags: must be 0.
 * @items_ptr: userspace pointer to an array of struct drm_i915_query_item.
 */
struct drm_i915_query {
	__u32 num_items;
	__u32 flags;
	__u64 items_ptr;
};

/**
 * struct drm_i915_query_topology_info - slice/subslice/EU availability
 * @flags: unused, 0.
 * @max_slices: number of slice bits in the slice mask.
 * @max_subslices: subslice bits per slice.
 * @max_eus_per_subslice: EU bits per subslice.
 * @subslice_offset: byte offset of the subslice masks in @data.
 * @subslice_stride: bytes per slice in the subslice masks.
 * @eu_offset: byte offset of the EU masks in @data.
 * @eu_stride: bytes per subslice in the EU masks.
 * @data: slice mask, then subslice masks, then EU masks (bit per unit).
 */
struct drm_i915_query_topology_info {
	__u16 flags;
	__u16 max_slices;
	__u16 max_subslices;
	__u16 max_eus_per_subslice;
	__u16 subslice_offset;
	__u16 subslice_stride;
	__u16 eu_offset;
	__u16 eu_stride;
	__u8 data[];
};

/**
 * struct i915_engine_class_instance - engine identifier
 * @engine_class: engine class, I915_ENGINE_CLASS_*. The OA unit observes
 *	the render engine; the others appear in DRM_I915_QUERY_ENGINE_INFO.
 * @engine_instance: engine instance within the class, from 0.
 */
struct i915_engine_class_instance {
	__u16 engine_class;
#define I915_ENGINE_CLASS_RENDER	0
#define I915_ENGINE_CLASS_COPY		1
#define I915_ENGINE_CLASS_VIDEO		2
#define I915_ENGINE_CLASS_VIDEO_ENHANCE	3
#define I915_ENGINE_CLASS_COMPUTE	4
#define I915_ENGINE_CLASS_INVALID	-1
#define I915_ENGINE_CLASS_INVALID_NONE	-1
	__u16 engine_instance;
};

/**
 * struct drm_i915_engine_info - one engine of DRM_I915_QUERY_ENGINE_INFO
 * @engine: class and instance.
 * @rsvd0: 0.
 * @flags: I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE: @logical_instance is set.
 * @capabilities: I915_VIDEO_CLASS_CAPABILITY_HEVC and
 *	I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC for video engines.
 * @logical_instance: the engine's logical instance within its class.
 * @rsvd1: 0.
 * @rsvd2: 0.
 */
struct drm_i915_engine_info {
	struct i915_engine_class_instance engine;
	__u32 rsvd0;
	__u64 flags;
#define I915_ENGINE_INFO_HAS_LOGICAL_INSTANCE		(1 << 0)
	__u64 capabilities;
#define I915_VIDEO_CLASS_CAPABILITY_HEVC		(1 << 0)
#define I915_VIDEO_AND_ENHANCE_CLASS_CAPABILITY_SFC	(1 << 1)
	__u16 logical_instance;
	__u16 rsvd1[3];
	__u64 rsvd2[3];
};

/**
 * struct drm_i915_query_engine_info - DRM_I915_QUERY_ENGINE_INFO output
 * @num_engines: in: 0; out: number of @engines.
 * @rsvd: in and out: 0.
 * @engines: the engines, by class, then instance.
 */
struct drm_i915_query_engine_info {
	__u32 num_engines;
	__u32 rsvd[3];
	struct drm_i915_engine_info engines[];
};

/**
 * struct drm_i915_query_perf_config - DRM_I915_QUERY_PERF_CONFIG data
 * @n_configs: LIST, out: number of config ids that follow this struct
 *	as __u64s.
 * @config: DATA_FOR_ID, in: the config id.
 * @uuid: DATA_FOR_UUID, in: the config's uuid (not NUL terminated).
 * @flags: in: 0.
 * @data: LIST: the ids; DATA_FOR_*: a struct drm_i915_perf_oa_config,
 *	whose register counts the caller sets (0 asks for the number, else
 *	at least the number) and whose pointers receive (address, value)
 *	__u32 pairs.
 */
struct drm_i915_query_perf_config {
	union {
		__u64 n_configs;
		__u64 config;
		char uuid[36];
	};
	__u32 flags;
#define DRM_I915_QUERY_PERF_CONFIG_LIST			1
#define DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_UUID	2
#define DRM_I915_QUERY_PERF_CONFIG_DATA_FOR_ID		3
	__u8 data[];
};

/**
 * struct drm_i915_gem_context_param_sseu - slice/subslice/EU selection
 * @engine: engine the configuration is for (render 0).
 * @flags: unused by DRM_I915_PERF_PROP_GLOBAL_SSEU.
 * @slice_mask: slices to enable, a subset of the device's.
 * @subslice_mask: subslices to enable, a subset of slice 0's.
 * @min_eus_per_subslice: minimum EUs per subslice, non-zero.
 * @max_eus_per_subslice: maximum EUs per subslice, >= @min_eus_per_subslice.
 * @rsvd: must be 0.
 *
 * Pointed to by the value of DRM_I915_PERF_PROP_GLOBAL_SSEU.
 */
struct drm_i915_gem_context_param_sseu {
	struct i915_engine_class_instance engine;
	__u32 flags;
	__u64 slice_mask;
	__u64 subslice_mask;
	__u16 min_eus_per_subslice;
	__u16 max_eus_per_subslice;
	__u32 rsvd;
};

/**
 * struct drm_i915_gem_context_create - DRM_IOCTL_I915_GEM_CONTEXT_CREATE
 * @ctx_id: out: the new context's id.
 * @pad: read as the flags of struct drm_i915_gem_context_create_ext.
 */
struct drm_i915_gem_context_create {
	__u32 ctx_id;
	__u32 pad;
};

/**
 * struct drm_i915_gem_context_create_ext - DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT
 * @ctx_id: out: the new context's id.
 * @flags: I915_CONTEXT_CREATE_FLAGS_*.
 * @extensions: with I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS, a chain of
 *	struct i915_user_extension named I915_CONTEXT_CREATE_EXT_*.
 */
struct drm_i915_gem_context_create_ext {
	__u32 ctx_id;
	__u32 flags;
#define I915_CONTEXT_CREATE_FLAGS_USE_EXTENSIONS	(1u << 0)
#define I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE	(1u << 1)
#define I915_CONTEXT_CREATE_FLAGS_UNKNOWN \
	(-(I915_CONTEXT_CREATE_FLAGS_SINGLE_TIMELINE << 1))
	__u64 extensions;
#define I915_CONTEXT_CREATE_EXT_SETPARAM 0
#define I915_CONTEXT_CREATE_EXT_CLONE 1
};

/**
 * struct drm_i915_gem_context_param - DRM_IOCTL_I915_GEM_CONTEXT_{GET,SET}PARAM
 * @ctx_id: the context.
 * @size: bytes at @value for parameters passed by pointer, else 0.
 * @param: I915_CONTEXT_PARAM_*.
 * @value: the value, or a userspace pointer to it.
 */
struct drm_i915_gem_context_param {
	__u32 ctx_id;
	__u32 size;
	__u64 param;
#define I915_CONTEXT_PARAM_BAN_PERIOD		0x1
#define I915_CONTEXT_PARAM_NO_ZEROMAP		0x2
#define I915_CONTEXT_PARAM_GTT_SIZE		0x3
#define I915_CONTEXT_PARAM_NO_ERROR_CAPTURE	0x4
#define I915_CONTEXT_PARAM_BANNABLE		0x5
#define I915_CONTEXT_PARAM_PRIORITY		0x6
#define   I915_CONTEXT_MAX_USER_PRIORITY	1023
#define   I915_CONTEXT_DEFAULT_PRIORITY		0
#define   I915_CONTEXT_MIN_USER_PRIORITY	-1023
#define I915_CONTEXT_PARAM_SSEU			0x7
#define I915_CONTEXT_PARAM_RECOVERABLE		0x8
#define I915_CONTEXT_PARAM_VM			0x9
#define I915_CONTEXT_PARAM_ENGINES		0xa
#define I915_CONTEXT_PARAM_PERSISTENCE		0xb
#define I915_CONTEXT_PARAM_RINGSIZE		0xc
#define I915_CONTEXT_PARAM_PROTECTED_CONTENT	0xd
	__u64 value;
};

/**
 * struct drm_i915_gem_context_create_ext_setparam - a parameter at creation
 * @base: chain link, name I915_CONTEXT_CREATE_EXT_SETPARAM.
 * @param: the parameter; its @ctx_id must be 0.
 */
struct drm_i915_gem_context_create_ext_setparam {
	struct i915_user_extension base;
	struct drm_i915_gem_context_param param;
};

/**
 * struct drm_i915_gem_context_destroy - DRM_IOCTL_I915_GEM_CONTEXT_DESTROY
 * @ctx_id: the context, not 0.
 * @pad: must be 0.
 */
struct drm_i915_gem_context_destroy {
	__u32 ctx_id;
	__u32 pad;
};

/**
 * struct i915_context_param_engines - I915_CONTEXT_PARAM_ENGINES' value
 * @extensions: chain of struct i915_user_extension named
 *	I915_CONTEXT_ENGINES_EXT_*.
 * @engines: the map's slots; (I915_ENGINE_CLASS_INVALID,
 *	I915_ENGINE_CLASS_INVALID_NONE) is a hole.
 */
struct i915_context_param_engines {
	__u64 extensions;
#define I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE 0
#define I915_CONTEXT_ENGINES_EXT_BOND 1
#define I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT 2
	struct i915_engine_class_instance engines[];
};

/**
 * struct i915_context_engines_load_balance - a slot over several engines
 * @base: chain link, name I915_CONTEXT_ENGINES_EXT_LOAD_BALANCE.
 * @engine_index: the slot, a hole of the map.
 * @num_siblings: entries of @engines.
 * @flags: must be 0.
 * @mbz64: must be 0.
 * @engines: the siblings.
 */
struct i915_context_engines_load_balance {
	struct i915_user_extension base;
	__u16 engine_index;
	__u16 num_siblings;
	__u32 flags;
	__u64 mbz64;
	struct i915_engine_class_instance engines[];
};

/**
 * struct i915_context_engines_bond - bonded submission (refused)
 * @base: chain link, name I915_CONTEXT_ENGINES_EXT_BOND.
 * @master: the master engine.
 * @virtual_index: the slot of the bonded virtual engine.
 * @num_bonds: entries of @engines.
 * @flags: must be 0.
 * @mbz64: must be 0.
 * @engines: the bonded engines.
 */
struct i915_context_engines_bond {
	struct i915_user_extension base;
	struct i915_engine_class_instance master;
	__u16 virtual_index;
	__u16 num_bonds;
	__u64 flags;
	__u64 mbz64[4];
	struct i915_engine_class_instance engines[];
};

/**
 * struct i915_context_engines_parallel_submit - parallel submission (refused)
 * @base: chain link, name I915_CONTEXT_ENGINES_EXT_PARALLEL_SUBMIT.
 * @engine_index: the slot.
 * @width: engines a batch set spans.
 * @num_siblings: engines per position.
 * @mbz16: must be 0.
 * @flags: must be 0.
 * @mbz64: must be 0.
 * @engines: @width times @num_siblings engines.
 */
struct i915_context_engines_parallel_submit {
	struct i915_user_extension base;
	__u16 engine_index;
	__u16 width;
	__u16 num_siblings;
	__u16 mbz16;
	__u64 flags;
	__u64 mbz64[3];
	struct i915_engine_class_instance engines[];
} __attribute__((packed));

#define I915_CONTEXT_SSEU_FLAG_ENGINE_INDEX (1u << 0)

/**
 * struct drm_i915_gem_vm_control - DRM_IOCTL_I915_GEM_VM_{CREATE,DESTROY}
 * @extensions: chain of struct i915_user_extension; none is defined.
 * @flags: must be 0.
 * @vm_id: out (create) / in (destroy): the VM's id, 1 or more.
 */
struct drm_i915_gem_vm_control {
	__u64 extensions;
	__u32 flags;
	__u32 vm_id;
};

/**
 * enum drm_i915_oa_format - OA report formats (i915 values)
 * @I915_OA_FORMAT_A13: Haswell, 64 bytes.
 * @I915_OA_FORMAT_A29: Haswell, 128 bytes.
 * @I915_OA_FORMAT_A13_B8_C8: Haswell, 128 bytes.
 * @I915_OA_FORMAT_B4_C8: Haswell, 64 bytes.
 * @I915_OA_FORMAT_A45_B8_C8: Haswell, 256 bytes.
 * @I915_OA_FORMAT_B4_C8_A16: Haswell, 128 bytes.
 * @I915_OA_FORMAT_C4_B8: Haswell and Gen8+, 64 bytes.
 * @I915_OA_FORMAT_A12: Gen8+, 64 bytes.
 * @I915_OA_FORMAT_A12_B8_C8: Gen8+, 128 bytes.
 * @I915_OA_FORMAT_A32u40_A4u32_B8_C8: Gen8+, 256 bytes.
 * @I915_OAR_FORMAT_A32u40_A4u32_B8_C8: DG2 OAR, 256 bytes.
 * @I915_OA_FORMAT_A24u40_A14u32_B8_C8: DG2 OAG, 256 bytes.
 * @I915_OAM_FORMAT_MPEC8u64_B8_C8: MTL OAM, 192 bytes.
 * @I915_OAM_FORMAT_MPEC8u32_B8_C8: MTL OAM, 128 bytes.
 * @I915_OA_FORMAT_MAX: number of values; not ABI.
 */
enum drm_i915_oa_format {
	I915_OA_FORMAT_A13 = 1,
	I915_OA_FORMAT_A29,
	I915_OA_FORMAT_A13_B8_C8,
	I915_OA_FORMAT_B4_C8,
	I915_OA_FORMAT_A45_B8_C8,
	I915_OA_FORMAT_B4_C8_A16,
	I915_OA_FORMAT_C4_B8,
	I915_OA_FORMAT_A12,
	I915_OA_FORMAT_A12_B8_C8,
	I915_OA_FORMAT_A32u40_A4u32_B8_C8,
	I915_OAR_FORMAT_A32u40_A4u32_B8_C8,
	I915_OA_FORMAT_A24u40_A14u32_B8_C8,
	I915_OAM_FORMAT_MPEC8u64_B8_C8,
	I915_OAM_FORMAT_MPEC8u32_B8_C8,
	I915_OA_FORMAT_MAX
};

/**
 * enum intel_oa_gen6_gen7_oa_format - Gen6 to Gen7.5 report formats
 * @I915_OA_FORMAT_SNB_A13: Sandy Bridge, select 0, 64 bytes.
 * @I915_OA_FORMAT_SNB_A29: Sandy Bridge, select 1, 128 bytes.
 * @I915_OA_FORMAT_SNB_A13_B4: Sandy Bridge, select 2, 128 bytes.
 * @I915_OA_FORMAT_SNB_A29_B4: Sandy Bridge, select 3, 192 bytes.
 * @I915_OA_FORMAT_IVB_A13: Ivy Bridge and Valleyview, select 0, 64 bytes.
 * @I915_OA_FORMAT_IVB_A29: Ivy Bridge and Valleyview, select 1, 128 bytes.
 * @I915_OA_FORMAT_IVB_A13_B4: Ivy Bridge and Valleyview, select 2,
 *	128 bytes.
 * @I915_OA_FORMAT_IVB_A29_B4: Ivy Bridge and Valleyview, select 3,
 *	192 bytes.
 * @I915_OA_FORMAT_IVB_A45_B4: Ivy Bridge and Valleyview, select 4,
 *	256 bytes.
 * @I915_OA_FORMAT_IVB_A16: Ivy Bridge and Valleyview, select 5, 128 bytes.
 * @I915_OA_FORMAT_A29_B8_C8: Haswell, select 3, 192 bytes (i915 leaves
 *	this select out: 192 bytes does not divide its buffer).
 *
 * intel_oa extensions to &enum drm_i915_oa_format for the platforms i915
 * has no OA support for (Sandy Bridge, Ivy Bridge, Valleyview) and the
 * Haswell select i915 does not offer. They start at 32, far from i915's
 * own values, and are passed in DRM_I915_PERF_PROP_OA_FORMAT like them.
 * Layouts: Documentation/gen6-gen7.rst.
 */
enum intel_oa_gen6_gen7_oa_format {
	I915_OA_FORMAT_SNB_A13 = 32,
	I915_OA_FORMAT_SNB_A29 = 33,
	I915_OA_FORMAT_SNB_A13_B4 = 34,
	I915_OA_FORMAT_SNB_A29_B4 = 35,
	I915_OA_FORMAT_IVB_A13 = 36,
	I915_OA_FORMAT_IVB_A29 = 37,
	I915_OA_FORMAT_IVB_A13_B4 = 38,
	I915_OA_FORMAT_IVB_A29_B4 = 39,
	I915_OA_FORMAT_IVB_A45_B4 = 40,
	I915_OA_FORMAT_IVB_A16 = 41,
	I915_OA_FORMAT_A29_B8_C8 = 42,
};

/**
 * enum intel_oa_gen12_5_oa_format - Gen12.5 (DG2, ATS-M) report formats
 * @I915_OA_FORMAT_A38u64_B8_C8: OAG select 1, 448 bytes (416 of data and
 *	a 64-bit header, padded to whole cachelines).
 * @I915_OAR_FORMAT_A36u64_B8_C8: OAR select 1, 384 bytes.
 * @I915_OAC_FORMAT_A24u64_B8_C8: OAC select 1, 320 bytes.
 * @I915_OAC_FORMAT_A22u32_R2u32_B8_C8: OAC select 2, 192 bytes.
 * @I915_OAM_FORMAT_A2u64_B8_C8: OAM select 5, 128 bytes.
 * @I915_OAM_FORMAT_A2u64_R2u64_B8_C8: OAM select 1, 192 bytes.
 * @INTEL_OA_FORMAT_MAX: one past the highest format number; not ABI.
 *
 * intel_oa extensions continuing &enum intel_oa_gen6_gen7_oa_format.
 * A stream on DG2/ATS-M can only carry the OAG formats
 * (%I915_OA_FORMAT_A24u40_A14u32_B8_C8 and %I915_OA_FORMAT_A38u64_B8_C8);
 * the others are EINVAL (no OAR, OAC or OAM unit is exposed) and every
 * value here is EINVAL on other platforms. Layouts:
 * Documentation/dg2.rst.
 */
enum intel_oa_gen12_5_oa_format {
	I915_OA_FORMAT_A38u64_B8_C8 = 43,
	I915_OAR_FORMAT_A36u64_B8_C8 = 44,
	I915_OAC_FORMAT_A24u64_B8_C8 = 45,
	I915_OAC_FORMAT_A22u32_R2u32_B8_C8 = 46,
	I915_OAM_FORMAT_A2u64_B8_C8 = 47,
	I915_OAM_FORMAT_A2u64_R2u64_B8_C8 = 48,
	INTEL_OA_FORMAT_MAX
};

/**
 * enum drm_i915_perf_property_id - DRM_IOCTL_I915_PERF_OPEN properties
 * @DRM_I915_PERF_PROP_CTX_HANDLE: GEM context to filter on (intel_oa has
 *	no GEM contexts: every handle is unknown, ENOENT).
 * @DRM_I915_PERF_PROP_SAMPLE_OA: value 1 requests raw OA reports.
 * @DRM_I915_PERF_PROP_OA_METRICS_SET: metrics set id from ADD_CONFIG.
 * @DRM_I915_PERF_PROP_OA_FORMAT: an enum drm_i915_oa_format, enum
 *	intel_oa_gen6_gen7_oa_format or enum intel_oa_gen12_5_oa_format value.
 * @DRM_I915_PERF_PROP_OA_EXPONENT: periodic timer exponent, 0..31.
 * @DRM_I915_PERF_PROP_HOLD_PREEMPTION: needs a context; not supported.
 * @DRM_I915_PERF_PROP_GLOBAL_SSEU: pointer to a struct
 *	drm_i915_gem_context_param_sseu; validated as i915 does (EFAULT,
 *	EINVAL) and makes the open privileged. intel_oa has no context image
 *	to apply it to.
 * @DRM_I915_PERF_PROP_POLL_OA_PERIOD: hrtimer period in ns, >= 100000
 *	(EINVAL below).
 * @DRM_I915_PERF_PROP_OA_ENGINE_CLASS: class of the engine whose OA unit
 *	the stream uses (revision 6; given with the instance, EINVAL
 *	otherwise): render for the render GT's unit; from revision 7 video
 *	decode and video enhance for Meteor Lake's media GT unit, OAM. An
 *	engine the GPU lacks or no unit observes is EINVAL.
 * @DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE: that engine's uAPI instance.
 * @DRM_I915_PERF_PROP_MAX: number of values; not ABI.
 */
enum drm_i915_perf_property_id {
	DRM_I915_PERF_PROP_CTX_HANDLE = 1,
	DRM_I915_PERF_PROP_SAMPLE_OA,
	DRM_I915_PERF_PROP_OA_METRICS_SET,
	DRM_I915_PERF_PROP_OA_FORMAT,
	DRM_I915_PERF_PROP_OA_EXPONENT,
	DRM_I915_PERF_PROP_HOLD_PREEMPTION,
	DRM_I915_PERF_PROP_GLOBAL_SSEU,
	DRM_I915_PERF_PROP_POLL_OA_PERIOD,
	DRM_I915_PERF_PROP_OA_ENGINE_CLASS,
	DRM_I915_PERF_PROP_OA_ENGINE_INSTANCE,
	DRM_I915_PERF_PROP_MAX
};

/**
 * enum intel_oa_perf_property_id - intel_oa's own PERF_OPEN properties
 * @INTEL_OA_PERF_PROP_OA_BUFFER_SIZE: bytes of the hardware OA buffer, a
 *	power of two the generation's buffer size field can express
 *	(Gen8+ and Haswell 128 KiB..16 MiB, Sandy Bridge, Ivy Bridge and
 *	Valleyview 16 KiB..128 KiB); EINVAL otherwise. Default: sized from
 *	the sampling rate so that the half-full interrupt fires about every
 *	50 ms or, where the smallest buffer takes longer, as often as that
 *	buffer allows; where the hrtimer is the only drain, so that half the
 *	buffer holds two poll periods; the largest buffer for a stream
 *	without the OA timer.
 * @INTEL_OA_PERF_PROP_RING_SIZE: bytes of the stream ring in kernel
 *	memory that read() and mmap() consume: a power of two, 128 KiB..1 GiB
 *	(EINVAL otherwise); above the 16 MiB default it needs CAP_PERFMON or
 *	CAP_SYS_ADMIN (EACCES). ENOMEM if the pages cannot be had.
 * @INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS: wake readers and pollers only
 *	once this many reports are ready in the ring, or when the poll
 *	period elapses with any data ready. 1 up to the number of reports
 *	the ring holds (EINVAL otherwise). With it, POLL_OA_PERIOD defaults
 *	to 1 s instead of 5 ms; where the hrtimer is the only drain (Sandy
 *	Bridge, or the module parameter oa_interrupt=0), to half the time
 *	the largest OA buffer takes to fill, between 5 ms and 1 s.
 * @INTEL_OA_PERF_PROP_LOST_RECORDS: 1 asks for struct
 *	intel_oa_perf_record_lost records, which say why and how many
 *	reports were lost, in place of DRM_I915_PERF_RECORD_OA_REPORT_LOST;
 *	0 (the default) keeps i915's records. Other values are EINVAL.
 * @INTEL_OA_PERF_PROP_MAX: one past the highest id; not ABI.
 *
 * They start at 0x100, far from i915's ids, and are passed to
 * DRM_IOCTL_I915_PERF_OPEN like them. A stream opened with none of them
 * behaves as i915's does, except that a full ring costs new reports,
 * never the buffered ones (see the DOC "stream ring" of the driver).
 */
enum intel_oa_perf_property_id {
	INTEL_OA_PERF_PROP_OA_BUFFER_SIZE = 0x100,
	INTEL_OA_PERF_PROP_RING_SIZE,
	INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS,
	INTEL_OA_PERF_PROP_LOST_RECORDS,
	INTEL_OA_PERF_PROP_MAX
};

/**
 * struct drm_i915_perf_open_param - argument of DRM_IOCTL_I915_PERF_OPEN
 * @flags: I915_PERF_FLAG_* bits; any other bit is EINVAL.
 * @num_properties: number of (id, value) __u64 pairs at @properties_ptr.
 * @properties_ptr: userspace pointer to the property pairs.
 */
struct drm_i915_perf_open_param {
	__u32 flags;
#define I915_PERF_FLAG_FD_CLOEXEC	(1 << 0)
#define I915_PERF_FLAG_FD_NONBLOCK	(1 << 1)
#define I915_PERF_FLAG_DISABLED		(1 << 2)
	__u32 num_properties;
	__u64 properties_ptr;
};

/* Stream fd ioctls: start/stop sampling; CONFIG switches the metrics set. */
#define I915_PERF_IOCTL_ENABLE	_IO('i', 0x0)
#define I915_PERF_IOCTL_DISABLE	_IO('i', 0x1)
#define I915_PERF_IOCTL_CONFIG	_IO('i', 0x2)

/**
 * struct intel_oa_perf_sample - argument of INTEL_OA_PERF_IOCTL_SAMPLE
 * @flags: in: must be 0 (EINVAL otherwise).
 * @marker: out: the CTX_ID field of the report written for this request
 *	(the value the driver wrote to the MMIO trigger, never 0).
 * @timestamp: out: the TIME_STAMP field of that report (56 bits with the
 *	64-bit report header, 32 bits with the 32-bit one).
 *
 * 16 bytes, no implicit padding, the same layout for 32- and 64-bit
 * callers.
 */
struct intel_oa_perf_sample {
	__u32 flags;
	__u32 marker;
	__u64 timestamp;
};

/*
 * INTEL_OA_PERF_IOCTL_SAMPLE - one OA report now, through the OA unit's
 * MMIO trigger (OAG_MMIOTRIGGER: DG2, ATS-M, Meteor Lake and Arrow Lake
 * on the OAG; OAM_MMIO_TRG on the OAM). On return the report is
 * readable from the stream: a SAMPLE record whose RPT_ID has the
 * MMIO-trigger reason and whose CTX_ID is @marker. A second such report,
 * whose CTX_ID is never a marker, follows it: it proves the first one
 * wholly written, and is read once a later report lands. Errors: EINVAL
 * (flags), ENODEV (no MMIO trigger on this GPU, or the device is gone),
 * EIO (stream disabled), ETIMEDOUT (the report did not arrive in 50 ms),
 * EFAULT.
 */
#define INTEL_OA_PERF_IOCTL_SAMPLE	_IOWR('i', 0x10, struct intel_oa_perf_sample)

/**
 * struct drm_i915_perf_record_header - header of each record read()
 * @type: an enum drm_i915_perf_record_type value.
 * @pad: 0.
 * @size: size of the record in bytes including this header.
 */
struct drm_i915_perf_record_header {
	__u32 type;
	__u16 pad;
	__u16 size;
};

/**
 * enum drm_i915_perf_record_type - record types returned by read()
 * @DRM_I915_PERF_RECORD_SAMPLE: header followed by one raw OA report.
 * @DRM_I915_PERF_RECORD_OA_REPORT_LOST: the OA unit dropped reports
 *	(OASTATUS report lost).
 * @DRM_I915_PERF_RECORD_OA_BUFFER_LOST: the OA buffer overflowed and was
 *	reset; reports in it were lost.
 * @DRM_I915_PERF_RECORD_MAX: number of values; not ABI.
 */
enum drm_i915_perf_record_type {
	DRM_I915_PERF_RECORD_SAMPLE = 1,
	DRM_I915_PERF_RECORD_OA_REPORT_LOST = 2,
	DRM_I915_PERF_RECORD_OA_BUFFER_LOST = 3,
	DRM_I915_PERF_RECORD_MAX
};

/**
 * enum intel_oa_perf_record_type - intel_oa's own record types
 * @INTEL_OA_PERF_RECORD_LOST: a struct intel_oa_perf_record_lost; only
 *	on streams opened with INTEL_OA_PERF_PROP_LOST_RECORDS 1.
 */
enum intel_oa_perf_record_type {
	INTEL_OA_PERF_RECORD_LOST = 0x100,
};

/**
 * enum intel_oa_lost_reason - why the reports of a record were lost
 * @INTEL_OA_LOST_RING_FULL: the stream ring had no room when they were
 *	drained from the OA buffer (the reader fell behind); @count is exact.
 * @INTEL_OA_LOST_WRITE: the OA unit wrote a report that never landed in
 *	memory (a later one did); @count is exact.
 * @INTEL_OA_LOST_UNIT: the OA unit's own report-lost status: it dropped
 *	reports it could not write; the count is unknown (0).
 */
enum intel_oa_lost_reason {
	INTEL_OA_LOST_RING_FULL = 1,
	INTEL_OA_LOST_WRITE = 2,
	INTEL_OA_LOST_UNIT = 3,
};

/**
 * struct intel_oa_perf_record_lost - reports lost at this point
 * @header: type INTEL_OA_PERF_RECORD_LOST, size 16.
 * @reason: an enum intel_oa_lost_reason value.
 * @count: reports lost between the record before and the one after
 *	(0: unknown).
 */
struct intel_oa_perf_record_lost {
	struct drm_i915_perf_record_header header;
	__u32 reason;
	__u32 count;
};

/**
 * struct intel_oa_mmap_page - the control page of a stream's mmap ring
 * @version: layout version, 1.
 * @header_size: bytes of this structure that the kernel fills (fields
 *	beyond it are zero).
 * @data_offset: mmap() offset of the ring's data pages.
 * @data_size: bytes of the ring, a power of two.
 * @dropped: reports dropped so far because the ring was full.
 * @record_size: bytes of a SAMPLE record of this stream.
 * @__reserved0: zero.
 * @__reserved: zero.
 * @data_head: producer position (bytes since the stream opened, never
 *	wrapping); written by the kernel only.
 * @__pad: zero.
 * @data_tail: consumer position; written by the reader (and by read()).
 *
 * The stream fd maps at offset 0 this one page, PROT_READ and optionally
 * PROT_WRITE, and at @data_offset the ring, PROT_READ only (EPERM with
 * PROT_WRITE), up to twice @data_size long: the data pages are mapped
 * twice in a row, so a record that wraps around the ring's end reads as
 * one piece. The ring holds records exactly as read() returns them
 * (struct drm_i915_perf_record_header, then the payload), each starting
 * at @data_tail & (@data_size - 1) of the mapping.
 *
 * Barriers, as for the perf_event mmap ring: read @data_head with
 * acquire semantics (or READ_ONCE() then a read barrier), read the
 * records up to it, then store the new @data_tail with release semantics
 * (or a full barrier then WRITE_ONCE()). The kernel never writes over
 * data between @data_tail and @data_head: when the ring is full it drops
 * new reports, counts them in @dropped and puts a lost record where they
 * would have been. A @data_tail behind the last one seen or beyond
 * @data_head is ignored.
 */
struct intel_oa_mmap_page {
	__u32 version;
	__u32 header_size;
	__u64 data_offset;
	__u64 data_size;
	__u64 dropped;
	__u32 record_size;
	__u32 __reserved0;
	__u64 __reserved[123];
	__u64 data_head;
	__u64 __pad[7];
	__u64 data_tail;
};

/**
 * struct drm_i915_perf_oa_config - argument of DRM_IOCTL_I915_PERF_ADD_CONFIG
 * @uuid: "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (hex digits), not NUL
 *	terminated; must be unique among the added configs (EADDRINUSE).
 * @n_mux_regs: number of (address, value) __u32 pairs at @mux_regs_ptr.
 * @n_boolean_regs: number of pairs at @boolean_regs_ptr.
 * @n_flex_regs: number of pairs at @flex_regs_ptr.
 * @mux_regs_ptr: userspace pointer to NOA mux register writes.
 * @boolean_regs_ptr: userspace pointer to boolean (B counter) writes.
 * @flex_regs_ptr: userspace pointer to flex EU counter writes.
 *
 * Returns the new config id (>0) on success.
 */
struct drm_i915_perf_oa_config {
	char uuid[36];
	__u32 n_mux_regs;
	__u32 n_boolean_regs;
	__u32 n_flex_regs;
	__u64 mux_regs_ptr;
	__u64 boolean_regs_ptr;
	__u64 flex_regs_ptr;
};

/**
 * DOC: i915 PMU
 *
 * The driver registers i915's perf_event PMU, named as i915 names it:
 * ``i915`` for the device at PCI 0000:00:02.0, ``i915_<pci name>`` with
 * ':' made '_' otherwise (``/sys/bus/event_source/devices/<name>``). An
 * event's config is one of these. Engine events count per engine (class,
 * uAPI instance): busy, wait and semaphore time in ns.
 */

/**
 * enum drm_i915_pmu_engine_sample - what an engine event counts
 * @I915_SAMPLE_BUSY: ns the engine had work.
 * @I915_SAMPLE_WAIT: ns it waited for an event (MI_WAIT_FOR_EVENT).
 * @I915_SAMPLE_SEMA: ns it waited on a semaphore.
 */
enum drm_i915_pmu_engine_sample {
	I915_SAMPLE_BUSY = 0,
	I915_SAMPLE_WAIT = 1,
	I915_SAMPLE_SEMA = 2
};

#define I915_PMU_SAMPLE_BITS (4)
#define I915_PMU_SAMPLE_MASK (0xf)
#define I915_PMU_SAMPLE_INSTANCE_BITS (8)
#define I915_PMU_CLASS_SHIFT \
	(I915_PMU_SAMPLE_BITS + I915_PMU_SAMPLE_INSTANCE_BITS)

#define __I915_PMU_ENGINE(class, instance, sample) \
	((class) << I915_PMU_CLASS_SHIFT | \
	(instance) << I915_PMU_SAMPLE_BITS | \
	(sample))

#define I915_PMU_ENGINE_BUSY(class, instance) \
	__I915_PMU_ENGINE(class, instance, I915_SAMPLE_BUSY)

#define I915_PMU_ENGINE_WAIT(class, instance) \
	__I915_PMU_ENGINE(class, instance, I915_SAMPLE_WAIT)

#define I915_PMU_ENGINE_SEMA(class, instance) \
	__I915_PMU_ENGINE(class, instance, I915_SAMPLE_SEMA)

#define __I915_PMU_OTHER(x) (__I915_PMU_ENGINE(0xff, 0xff, 0xf) + 1 + (x))

#define I915_PMU_ACTUAL_FREQUENCY	__I915_PMU_OTHER(0)
#define I915_PMU_REQUESTED_FREQUENCY	__I915_PMU_OTHER(1)
#define I915_PMU_INTERRUPTS		__I915_PMU_OTHER(2)
#define I915_PMU_RC6_RESIDENCY		__I915_PMU_OTHER(3)
#define I915_PMU_SOFTWARE_GT_AWAKE_TIME	__I915_PMU_OTHER(4)

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_INTEL_OA_DRM_H_ */
