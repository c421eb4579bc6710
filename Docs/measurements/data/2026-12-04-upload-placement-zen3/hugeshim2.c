#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stddef.h>
#include <pthread.h>
#include <sys/mman.h>
/* Experiment only: framebudget's allocation counter forwards aligned allocations to __libc_memalign and frees to
   __libc_free; interpose those. Aligned blocks of >= 128 KiB get their own 2 MiB-aligned MADV_HUGEPAGE mapping. */
#define BIG (128u<<10)
#define HP (2ul<<20)
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { void *user, *map; size_t len; } table[4096];
static void *(*real_memalign)(size_t,size_t); static void (*real_free)(void*);
static void init(void){ if(!real_free){ real_memalign=dlsym(RTLD_NEXT,"__libc_memalign"); real_free=dlsym(RTLD_NEXT,"__libc_free"); } }
static void *big(size_t size, size_t align){
  size_t off=align>64?align:64; size_t need=(size+off+HP-1)&~(HP-1); size_t len=need+HP;
  char*p=mmap(0,len,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0); if(p==MAP_FAILED) return 0;
  char*a=(char*)(((uintptr_t)p+HP-1)&~(HP-1)); madvise(a,need,MADV_HUGEPAGE);
  char*u=a+off;
  pthread_mutex_lock(&lock); for(int i=0;i<4096;i++) if(!table[i].user){table[i].user=u;table[i].map=p;table[i].len=len;break;} pthread_mutex_unlock(&lock);
  return u;
}
static int ours(void*u){ int hit=0; pthread_mutex_lock(&lock); for(int i=0;i<4096;i++) if(table[i].user==u){munmap(table[i].map,table[i].len);table[i].user=0;hit=1;break;} pthread_mutex_unlock(&lock); return hit; }
void *__libc_memalign(size_t align,size_t size){ init(); if(size>=BIG && align<=4096 && align>16) return big(size,align); return real_memalign(align,size); }
void __libc_free(void*u){ init(); if(!u) return; if(((uintptr_t)u & (HP-1))<=4096 && ours(u)) return; real_free(u); }
