#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
#include <sys/mman.h>
enum { W = 1024, SP = 1088, H = 192 };
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
static long anon_huge(void){FILE*f=fopen("/proc/self/smaps_rollup","r");char l[256];long v=-1;while(fgets(l,256,f))if(!strncmp(l,"AnonHugePages:",14))v=atol(l+14);fclose(f);return v;}
int main(int argc,char**argv){
  unsigned char *src,*dst; int huge = argc>1 && argv[1][0]=='h';
  if(huge){
    size_t len=8<<20; unsigned char*p=mmap(0,len,PROT_READ|PROT_WRITE,MAP_PRIVATE|MAP_ANONYMOUS,-1,0);
    unsigned char*a=(unsigned char*)(((uintptr_t)p+(2<<20)-1)&~(uintptr_t)((2<<20)-1));
    madvise(a,4<<20,MADV_HUGEPAGE);
    memset(a,1,4<<20);
    src=a+64; dst=a+(1<<20)+256;   /* same offsets mod 4096 as the malloc mode's (checked below) */
  } else {
    posix_memalign((void**)&src,64,SP*H); posix_memalign((void**)&dst,256,W*H);
    memset(src,1,SP*H); memset(dst,0,W*H);
  }
  enum{B=400,N=50};
  double t[B];
  for(int w=0;w<200;w++) for(int y=0;y<H;y++) memcpy(dst+y*W,src+y*SP,W);
  for(int b=0;b<B;b++){double s=now();for(int i=0;i<N;i++){for(int y=0;y<H;y++) memcpy(dst+y*W,src+y*SP,W); __asm__ volatile(""::"r"(dst):"memory");} t[b]=(now()-s)/N;}
  qsort(t,B,sizeof t[0],cmp);
  printf("%s %.1f src%%4096=%lu dst%%4096=%lu hugeKB=%ld\n",huge?"huge":"malloc",t[B/2],(unsigned long)((uintptr_t)src%4096),(unsigned long)((uintptr_t)dst%4096),anon_huge());
  return 0;}
