%{
/* fixturehack's level grammar (a sketch, read by levbuild). */
#define MAX_REGISTERS 10
%}
%%
coordinate : RANDOM_TYPE
		{
			current_coord.x = current_coord.y = -MAX_REGISTERS-1;
		}
	;
%%
