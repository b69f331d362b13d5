%{
/* fixturehack's dungeon grammar (a sketch, read by levbuild). */
%}
%%
optional_int	: /* nothing */
		  {
			$$ = 0;
		  }
		| INTEGER
		;
%%
int
check_branch()
{
	yyerror("Reverse branching not allowed.");
	return 0;
}
