/* Monster classes and their default symbols. */
#ifndef MONSYM_H
#define MONSYM_H

#define S_ANT 1
#define S_DOG 2
#define S_HUMAN 3
#define MAXMCLASSES 4

#define DEF_ANT 'a'
#define DEF_DOG 'd'
#define DEF_HUMAN '@'

#endif /* MONSYM_H */
